import { useId, useState, type FormEvent } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useModalDialog } from '../../components/use-modal-dialog';
import { getTransport } from '../../api';
import { checkConnection } from '../../api/connection-check';
import { Field } from '../../components/field';
import { toast } from '../../components/toast';
import { describeConnectionTestFailure } from '../../api/error-words';
import { replaceApiKey } from '../connection';
import { settingsCatalog } from './catalog';
import { useCatalog } from '../../lib/i18n/use-catalog';

type TestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'ok'; reportCount: number }
  | { status: 'failed'; message: string };

const keyWorks = (reportCount: number) =>
  plural(reportCount, {
    one: 'The key works: the service holds # report.',
    other: 'The key works: the service holds # reports.',
  });

/**
 * The service rejected the key: a new one for the same service, given on the page the person is
 * on (native modal <dialog>), so nothing typed on that page is lost. Saving keeps the base URL
 * and the storage choice, and the page reads its data again with the new key.
 */
export function ReplaceKeyDialog({ onClose }: { onClose: (saved: boolean) => void }) {
  useCatalog(settingsCatalog);
  // Shown from its first render: the component is mounted when it is needed.
  const ref = useModalDialog(true);
  const titleId = useId();
  const { t } = useLingui();
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [test, setTest] = useState<TestState>({ status: 'idle' });

  const close = (saved: boolean) => {
    // Closed before it unmounts, so the browser hands focus back to where it was.
    if (typeof ref.current?.close === 'function') ref.current.close();
    onClose(saved);
  };

  const typedKey = () => {
    const key = apiKey.trim();
    setError(key ? undefined : t`Enter the new API key from your account on the service.`);
    return key;
  };

  const onTest = async () => {
    const key = typedKey();
    if (!key) return;
    setTest({ status: 'testing' });
    const { baseUrl } = await getTransport();
    try {
      const { reportCount } = await checkConnection({ baseUrl, apiKey: key });
      setTest({ status: 'ok', reportCount });
    } catch (failure) {
      setTest({ status: 'failed', message: describeConnectionTestFailure(failure, baseUrl) });
    }
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const key = typedKey();
    if (!key) return;
    replaceApiKey(key);
    toast.success(t`The new API key is saved. The page was read again with it.`);
    close(true);
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close(false);
      }}
    >
      <form onSubmit={onSave} noValidate>
        <h2 id={titleId}>{t`Replace the API key`}</h2>
        <p>
          {t`The service rejected the saved key. Enter a new key for the same service: what you typed on this page stays, and the page is read again with the new key.`}
        </p>
        <Field label={t`New API key`} error={error} hint={t`Found in your account on the service, under API.`}>
          <input
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(event) => {
              setApiKey(event.target.value);
              setTest({ status: 'idle' });
            }}
          />
        </Field>
        <button
          type="button"
          className="button button--small"
          aria-pressed={showKey}
          onClick={() => setShowKey((shown) => !shown)}
        >
          {showKey ? t`Hide key` : t`Show key`}
        </button>
        <div aria-live="polite" className="test-result">
          {test.status === 'ok' ? <p className="notice notice--success">{keyWorks(test.reportCount)}</p> : null}
          {test.status === 'failed' ? <p className="notice notice--error">{test.message}</p> : null}
        </div>
        <div className="form__actions dialog__actions">
          <button type="button" className="button" onClick={() => close(false)}>
            {t`Cancel`}
          </button>
          <button type="button" className="button" onClick={onTest} disabled={test.status === 'testing'}>
            {test.status === 'testing' ? t`Testing…` : t`Test key`}
          </button>
          <button type="submit" className="button button--primary">
            {t`Save key`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
