import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { EarlierValues } from '../../components/earlier-values';
import { Field } from '../../components/field';
import { toast } from '../../components/toast';
import { logoFromFile } from './logo-file';
import {
  setBranding,
  useBranding,
  useBrandingHistory,
  AGENCY_NAME_MAX,
  CONTACT_MAX,
  DEFAULT_ACCENT,
  EMPTY_BRANDING,
  FOOTER_MAX,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type BrandingProfile,
} from '../workspace';
import { brandColours, BrandMark, brandStyle } from '../branding';
import { formatNumber } from '../../lib/i18n/format';

interface BrandingValues {
  agencyName: string;
  accent: string;
  footer: string;
  contact: string;
}

const ACCENT = /^#[0-9a-f]{6}$/i;
const validAccent = (value: string) =>
  ACCENT.test(value.trim()) || translate`Enter the colour as # and six hex digits, for example #1f5fbf.`;

/** The colour's contrast with white, in words: what the report does with it. */
function accentWords(accent: string): string {
  const colours = brandColours(accent);
  const ratio = formatNumber(colours.whiteContrast, 1);
  const darker = colours.accentText;
  if (colours.readsWithWhite)
    return translate`Contrast with white: ${ratio}:1, readable. Headings print in this colour, white text on its bands.`;
  return colours.onAccent === '#000000'
    ? translate`Contrast with white: ${ratio}:1, too faint for text. Its bands print with black text, and headings in a darker shade of it (${darker}).`
    : translate`Contrast with white: ${ratio}:1, too faint for text. Its bands print with white text, and headings in a darker shade of it (${darker}).`;
}

function BrandingForm({ initial, onTyping }: { initial: BrandingProfile; onTyping: (typing: boolean) => void }) {
  const id = useId();
  const { t } = useLingui();
  const [logo, setLogo] = useState(initial.logo);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [logoChanged, setLogoChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isDirty },
  } = useForm<BrandingValues>({
    defaultValues: {
      agencyName: initial.agencyName,
      accent: initial.accent,
      footer: initial.footer,
      contact: initial.contact,
    },
  });
  const maxKb = LOGO_MAX_BYTES / 1000;
  const typing = isDirty || logoChanged;
  useEffect(() => onTyping(typing), [typing, onTyping]);
  const accent = useWatch({ control, name: 'accent' }).trim().toLowerCase();
  const shownAccent = ACCENT.test(accent) ? accent : DEFAULT_ACCENT;
  const agencyName = useWatch({ control, name: 'agencyName' });

  const onSave = handleSubmit(async (values) => {
    setSaving(true);
    // The form is made again from what is kept (see BrandingSettings); back to typing if it is not.
    onTyping(false);
    try {
      const kept = await setBranding({ ...values, logo });
      toast.success(
        kept
          ? t`Branding saved on this device: printed reports carry it.`
          : t`Nothing to brand with (no name, logo, footer or contact): reports print unbranded.`,
      );
    } catch {
      onTyping(true);
      toast.error(t`The branding could not be kept on this device. Try again.`);
    } finally {
      setSaving(false);
    }
  });

  const onRemove = async () => {
    onTyping(false);
    await setBranding(null);
    toast.success(t`Branding removed: reports print unbranded.`);
  };

  return (
    <form className="form branding-form" aria-labelledby={`${id}-title`} onSubmit={onSave} noValidate>
      <h2 id={`${id}-title`}>{t`Branding of printed reports`}</h2>
      <p className="field__hint">
        {t`Your agency’s name, logo and colour on the printed report pages and on each project’s client report. Kept on this device, for this connection.`}
      </p>
      <Field label={t`Agency name`}>
        <input type="text" autoComplete="organization" maxLength={AGENCY_NAME_MAX} {...register('agencyName')} />
      </Field>
      <Field label={t`Logo`} error={logoError} hint={t`A PNG, JPEG, WebP or SVG image of at most ${maxKb} kB.`}>
        <input
          type="file"
          accept={LOGO_TYPES.join(',')}
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            void logoFromFile(file).then((reading) => {
              if (reading.ok) {
                setLogo(reading.logo);
                setLogoError(undefined);
                setLogoChanged(true);
              } else {
                setLogoError(reading.message);
                input.value = '';
              }
            });
          }}
        />
      </Field>
      {logo ? (
        <div className="branding-form__logo">
          <img src={logo} alt={t`The logo chosen`} className="branding-form__logo-image" />
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setLogo(null);
              setLogoChanged(true);
            }}
          >
            {t`Remove logo`}
          </button>
        </div>
      ) : null}
      <Field label={t`Accent colour`} error={errors.accent?.message} hint={accentWords(shownAccent)}>
        <input
          type="text"
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          {...register('accent', { validate: validAccent })}
        />
      </Field>
      <label className="branding-form__picker">
        <input
          type="color"
          value={shownAccent}
          onChange={(event) => setValue('accent', event.target.value, { shouldDirty: true, shouldValidate: true })}
        />{' '}
        {t`Pick the accent colour`}
      </label>
      <Field label={t`Footer line`} hint={t`Printed at the foot of every page, beside the page number.`}>
        <input type="text" maxLength={FOOTER_MAX} {...register('footer')} />
      </Field>
      <Field
        label={t({ message: 'Contact', comment: 'How a client reaches the agency (a field of the branding)' })}
        hint={t`How the client reaches you, printed on the cover and the page header.`}
      >
        <input type="text" maxLength={CONTACT_MAX} {...register('contact')} />
      </Field>
      <div className="branding-preview" style={brandStyle({ ...EMPTY_BRANDING, accent: shownAccent })}>
        <p className="branding-preview__band">
          <BrandMark branding={{ ...EMPTY_BRANDING, agencyName: agencyName.trim() || t`Your agency`, logo }} />
        </p>
        <p className="branding-preview__heading">
          {t({ message: 'Top issues', comment: 'A sample heading of a printed report, to preview the colour' })}
        </p>
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t`Applying…` : t`Apply branding`}
        </button>
        {initial !== EMPTY_BRANDING ? (
          <button type="button" className="button button--danger" onClick={() => void onRemove()}>
            {t`Remove branding`}
          </button>
        ) : null}
      </div>
      {isDirty || logoChanged ? <p className="field__hint">{t`The branding has unsaved changes.`}</p> : null}
    </form>
  );
}

/**
 * What tells one kept profile from another, cheaply: the store reads the record again on any
 * change of the workspace (a note added in another tab), and that must not reset a form being
 * typed in; a profile that really changed must.
 */
function versionOf(branding: BrandingProfile | null): string {
  if (!branding) return 'none';
  const { agencyName, accent, footer, contact, logo } = branding;
  return JSON.stringify([agencyName, accent, footer, contact, logo?.length, logo?.slice(-64)]);
}

/** The settings page's part for the branding profile: shown once the device has answered. */
export function BrandingSettings() {
  // The store as it is, not the deferred value the other pages read: a form made again from a
  // lagging value would show, for a moment after Apply, the profile it replaced.
  const { loaded, branding } = useBranding({ now: true });
  const { t } = useLingui();
  const kept = versionOf(branding);
  // The form is made from one kept profile, and again when another is kept (saved here, removed,
  // or changed in another tab), unless something is typed in it: that stays, and the other
  // profile is offered instead.
  const [formOf, setFormOf] = useState(kept);
  const [typing, setTyping] = useState(false);
  if (formOf !== kept && !typing) setFormOf(kept);
  if (!loaded) return <p role="status">{t`Looking for the branding kept on this device…`}</p>;
  return (
    <>
      {formOf !== kept ? (
        <div className="notice notice--info" role="status">
          <p>
            {t`The branding kept on this device was changed meanwhile, in another tab or by a workspace file. What you typed here stays until you apply it; or show the kept branding instead.`}
          </p>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setTyping(false);
              setFormOf(kept);
            }}
          >
            {t`Show the kept branding`}
          </button>
        </div>
      ) : null}
      <BrandingForm key={formOf} initial={branding ?? EMPTY_BRANDING} onTyping={setTyping} />
      <BrandingHistory />
    </>
  );
}

/**
 * Under the form: the profiles the branding held before, newest first. When two analysts of the
 * team apply theirs at once, the later wins; the other is listed here, not lost.
 */
function BrandingHistory() {
  const { t } = useLingui();
  const replaced = useBrandingHistory();
  return (
    <EarlierValues
      summary={t`Earlier branding (${replaced.length})`}
      label={t`Earlier branding profiles`}
      items={replaced.map(({ value, setAt, replacedAt }) => {
        const name = value.agencyName || t`no agency name`;
        return {
          text: value.footer
            ? t`${name}, accent ${value.accent}, footer “${value.footer}”`
            : t`${name}, accent ${value.accent}`,
          setAt,
          replacedAt,
        };
      })}
      when={(set, gone) => t`applied ${set}, replaced ${gone}`}
    />
  );
}
