import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Privacy } from '../../../api';
import { Field } from '../../../components/field';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { PRIVACY_LABELS } from '../../reports';
import { reportActionsCatalog } from '../catalog';

const PRIVACY_VALUES: readonly Privacy[] = ['public', 'private', 'password'];

/** Who can see the report with each setting, in the language on screen. */
function privacyHint(privacy: Privacy): string {
  switch (privacy) {
    case 'public':
      return t`Anyone with the link can see the report page.`;
    case 'private':
      return t`Only you can see it.`;
    case 'password':
      return t`Anyone with the link and the password can see it.`;
  }
}

// The forms' rules are plain functions given to react-hook-form's `register(name, { validate })`:
// its own validation covers these three small forms without a schema library and its resolver
// (docs/decisions/0050).

/** The privacy radio group's rule: one of the options. */
export function validPrivacy(value: unknown): true | string {
  return PRIVACY_VALUES.some((privacy) => privacy === value) || t`Choose who can see the report.`;
}

/**
 * The password rule shared by creating and editing: with privacy "password" a password must be
 * typed, unless the report already has one (an empty field then keeps it). A `validate` for the
 * password field; it reads the privacy from the form's values.
 */
export function passwordRule(hasPassword: boolean) {
  return (password: string, values: { privacy: Privacy }): true | string =>
    values.privacy !== 'password' ||
    password !== '' ||
    hasPassword ||
    t`Enter a password, or choose another privacy setting.`;
}

interface PrivacyFieldsProps {
  privacy: Privacy;
  privacyProps: UseFormRegisterReturn;
  passwordProps: UseFormRegisterReturn;
  privacyError?: string | undefined;
  passwordError?: string | undefined;
  /** Whether the report already has a password (editing); false when creating. */
  hasPassword: boolean;
  disabled?: boolean;
}

/** Privacy as a radio group, and the password field only when it applies. */
export function PrivacyFields({
  privacy,
  privacyProps,
  passwordProps,
  privacyError,
  passwordError,
  hasPassword,
  disabled,
}: PrivacyFieldsProps) {
  useCatalog(reportActionsCatalog);
  const { t } = useLingui();
  const errorId = `${useId()}-privacy-error`;
  return (
    <>
      <fieldset
        className="field privacy-fields"
        disabled={disabled}
        aria-describedby={privacyError ? errorId : undefined}
      >
        <legend>{t`Privacy`}</legend>
        {PRIVACY_VALUES.map((value) => (
          <label key={value} className="choice">
            <input type="radio" value={value} {...privacyProps} />
            <span>
              {PRIVACY_LABELS[value]}
              <span className="choice__hint"> — {privacyHint(value)}</span>
            </span>
          </label>
        ))}
        {privacyError ? (
          <p id={errorId} className="field__error">
            {privacyError}
          </p>
        ) : null}
      </fieldset>
      {privacy === 'password' ? (
        <Field
          label={PRIVACY_LABELS.password}
          error={passwordError}
          hint={
            hasPassword
              ? t`A password is set. Leave this empty to keep it, or type a new one.`
              : t`Needed to open the report page.`
          }
        >
          {/* Write-only: the service never sends a password back, and we never pre-fill one. */}
          <input type="password" autoComplete="new-password" disabled={disabled} {...passwordProps} />
        </Field>
      ) : null}
    </>
  );
}
