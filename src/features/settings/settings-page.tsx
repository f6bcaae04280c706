import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { plural, t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { checkConnection } from '../../api/connection-check';
import { Field } from '../../components/field';
import { lazyPart } from '../../components/lazy-part';
import { toast } from '../../components/toast';
import { describeConnectionTestFailure } from '../../api/error-words';
import { UnsavedChangesDialog } from '../../components/unsaved-changes-dialog';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';
import { forgetConnection, getConnection, saveConnection, useConnection, type Connection } from '../connection';
import { DisplayPreferences } from './display-preferences';
import { ManageSavedViews } from '../saved-views';
import { BrandingSettings } from './branding-settings';
import { MovedNotice } from './moved-notice';
import { settingsCatalog } from './catalog';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { LanguageSetting } from './language-setting';

/**
 * What was read for the audit, and results kept for the report pages, on this device belong to
 * the account they were read from: forgotten for every other once the connection changes. Their
 * code (the audit's store, the kept results) loads then, not with the page. If it cannot, the
 * person is told, since the page has just said they were cleared: both stores also clear other
 * accounts' data when they next load, and never show it under another key.
 */
function forgetWhatOtherAccountsLeft(connection: Connection): void {
  Promise.all([import('../audit'), import('../kept-results')])
    .then(([audit, kept]) =>
      Promise.all([audit.forgetOtherAccounts(connection), kept.forgetPreviousResultsOfOtherConnections()]),
    )
    .catch(() =>
      toast.error(
        translate`What other accounts left on this device (audits, kept results) could not be cleared just now: it is cleared when a project or a report is next opened, and never shown for this key.`,
      ),
    );
}

// The last three parts of the page, each its own code, come after the page is on screen: the
// route's render would otherwise wait for their code before showing anything (a year's saved views
// and branding among it: `npm run bench -- --only workspace`).
// The team's sync (decision 104): its own code, and the workspace's with it.
const TeamSettings = lazyPart(async () => (await import('../team')).TeamSettings, { when: 'after-paint' });
// Export and import of the workspace (decision 83): the last part of the page, its own code.
const WorkspaceTransfer = lazyPart(async () => (await import('../workspace-file')).WorkspaceTransfer, {
  when: 'after-paint',
});
// What this device keeps, how much, and the retention rules (decision 103): its own code.
const KeptOnDevice = lazyPart(async () => (await import('../kept-on-device')).KeptOnDevice, { when: 'after-paint' });

// Validated by react-hook-form's own rules (docs/decisions/0050); the rules see the values
// trimmed, the form keeps what was typed.
interface SettingsValues {
  baseUrl: string;
  apiKey: string;
  remember: 'device' | 'tab';
}

function validBaseUrl(value: string): true | string {
  const baseUrl = value.trim();
  return (
    baseUrl === '' ||
    isHttpUrl(baseUrl) ||
    translate`Enter a full address starting with https:// or http://, or leave it empty.`
  );
}

function validApiKey(value: string): true | string {
  return value.trim() !== '' || translate`Enter the API key from your account on the service.`;
}

const rememberRules = {
  validate: (value: unknown) => value === 'device' || value === 'tab' || translate`Choose where to keep the key.`,
};

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

type TestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'ok'; reportCount: number }
  | { status: 'failed'; message: string };

/** Where the dashboard is connected, in one sentence. */
function connectedWords({ baseUrl, remember }: { baseUrl: string; remember: boolean }): string {
  if (!baseUrl)
    return remember
      ? translate`Connected to this dashboard’s own origin, remembered on this device.`
      : translate`Connected to this dashboard’s own origin, until the dashboard’s last tab is closed.`;
  return remember
    ? translate`Connected to ${baseUrl}, remembered on this device.`
    : translate`Connected to ${baseUrl}, until the dashboard’s last tab is closed.`;
}

const connectionWorks = (reportCount: number) =>
  plural(reportCount, {
    one: 'The connection works: the service holds # report.',
    other: 'The connection works: the service holds # reports.',
  });

export function SettingsPage() {
  useCatalog(settingsCatalog);
  const { t } = useLingui();
  const connection = useConnection();
  const saved = connection.mode === 'service' ? connection : undefined;
  const [showKey, setShowKey] = useState(false);
  const [test, setTest] = useState<TestState>({ status: 'idle' });
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    reset,
    formState: { errors, isDirty },
  } = useForm<SettingsValues>({
    defaultValues: {
      baseUrl: saved?.baseUrl ?? '',
      apiKey: saved?.apiKey ?? '',
      remember: saved?.remember === false ? 'tab' : 'device',
    },
  });

  const unsaved = useUnsavedChanges(isDirty);

  const onSave = handleSubmit((typed) => {
    const values: SettingsValues = { ...typed, baseUrl: typed.baseUrl.trim(), apiKey: typed.apiKey.trim() };
    saveConnection({
      baseUrl: values.baseUrl.replace(/\/+$/, ''),
      apiKey: values.apiKey,
      remember: values.remember === 'device',
    });
    forgetWhatOtherAccountsLeft(getConnection());
    reset(values);
    toast.success(
      values.remember === 'device'
        ? t`Connection saved on this device.`
        : t`Connection saved until the dashboard’s last tab is closed.`,
    );
  });

  const onTest = async () => {
    if (!(await trigger(['baseUrl', 'apiKey']))) return;
    const { baseUrl, apiKey } = getValues();
    setTest({ status: 'testing' });
    try {
      const { reportCount } = await checkConnection({
        baseUrl: baseUrl.trim().replace(/\/+$/, ''),
        apiKey: apiKey.trim(),
      });
      setTest({ status: 'ok', reportCount });
    } catch (error) {
      setTest({ status: 'failed', message: describeConnectionTestFailure(error, baseUrl.trim()) });
    }
  };

  const onForget = () => {
    forgetConnection();
    forgetWhatOtherAccountsLeft(getConnection());
    reset({ baseUrl: '', apiKey: '', remember: 'device' });
    setTest({ status: 'idle' });
    toast.success(t`The API key was removed from this browser, and cached data and kept results were cleared.`);
  };

  return (
    <section className="page page--narrow" aria-labelledby="settings-title">
      <h1 id="settings-title">{t`Settings`}</h1>
      <p>
        {saved
          ? connectedWords(saved)
          : t`You are using the built-in demo service. Enter your service’s address and API key to work with your own reports.`}
      </p>
      <form className="form" onSubmit={onSave} noValidate>
        <Field
          label={t`API base URL`}
          error={errors.baseUrl?.message}
          hint={t`For example https://seo.example.com. Leave empty when the service is reachable under this dashboard’s own origin (reverse proxy).`}
        >
          <input
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            {...register('baseUrl', { validate: validBaseUrl })}
          />
        </Field>
        <Field
          label={t`API key`}
          error={errors.apiKey?.message}
          hint={t`Found in your account on the service, under API.`}
        >
          <input
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            {...register('apiKey', { validate: validApiKey })}
          />
        </Field>
        <button
          type="button"
          className="button button--small"
          aria-pressed={showKey}
          onClick={() => setShowKey((v) => !v)}
        >
          {showKey ? t`Hide key` : t`Show key`}
        </button>
        <fieldset className="field">
          <legend>{t`Where to keep the key`}</legend>
          <label className="choice">
            <input type="radio" value="device" {...register('remember', rememberRules)} /> {t`Remember on this device`}
          </label>
          <label className="choice">
            <input type="radio" value="tab" {...register('remember', rememberRules)} />{' '}
            {t`Only while the dashboard is open (in any tab; forgotten when its last tab is closed)`}
          </label>
        </fieldset>
        <div className="form__actions">
          <button type="submit" className="button button--primary">
            {t({ message: 'Save', comment: 'Saves the connection (address and key)' })}
          </button>
          <button type="button" className="button" onClick={onTest} disabled={test.status === 'testing'}>
            {test.status === 'testing' ? t`Testing…` : t`Test connection`}
          </button>
          {saved ? (
            <button type="button" className="button button--danger" onClick={onForget}>
              {t`Forget key`}
            </button>
          ) : null}
        </div>
        {isDirty ? <p className="field__hint">{t`You have unsaved changes.`}</p> : null}
        <div aria-live="polite" className="test-result">
          {test.status === 'ok' ? <p className="notice notice--success">{connectionWorks(test.reportCount)}</p> : null}
          {test.status === 'failed' ? <p className="notice notice--error">{test.message}</p> : null}
        </div>
      </form>
      <LanguageSetting />
      <MovedNotice />
      <DisplayPreferences />
      <ManageSavedViews />
      <BrandingSettings />
      <TeamSettings />
      <KeptOnDevice />
      <WorkspaceTransfer />
      <UnsavedChangesDialog unsaved={unsaved} what={t`The connection settings have not been saved.`} />
    </section>
  );
}
