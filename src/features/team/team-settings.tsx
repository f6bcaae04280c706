import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Field } from '../../components/field';
import { toast } from '../../components/toast';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { syncAddressOf, teamSync, tokenProblem, useTeamStatus } from '../workspace';
import { teamCatalog } from './catalog';
import { teamStatusWords } from './team-words';

interface TeamValues {
  address: string;
  token: string;
}

const subscribe = (listener: () => void) => teamSync().subscribe(listener);
const readSettings = () => teamSync().settings();

/**
 * The workspace's words for what is wrong with what was typed (features/workspace/team.ts), in the
 * language on screen; one it says otherwise (or adds) is shown as it says it.
 */
const TYPED_PROBLEMS: Record<string, MessageDescriptor> = {
  'Enter the sync server’s address.': msg`Enter the sync server’s address.`,
  'Enter an address such as wss://sync.example.com.': msg`Enter an address such as wss://sync.example.com.`,
  'The address must start with wss://, ws://, https:// or http://.': msg`The address must start with wss://, ws://, https:// or http://.`,
  'Leave the name and password out of the address.': msg`Leave the name and password out of the address.`,
  'Enter the team token.': msg`Enter the team token.`,
};

/**
 * The settings page's "Team" part: the sync server's address and the team token, Join and Leave,
 * and the team's status in words. The token is kept on this device only, like the API key.
 */
export function TeamSettings() {
  useCatalog(teamCatalog);
  const { t } = useLingui();
  const id = useId();
  const status = useTeamStatus();
  const kept = useSyncExternalStore(subscribe, readSettings, readSettings);
  const [showToken, setShowToken] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TeamValues>({ defaultValues: { address: kept?.address ?? '', token: kept?.token ?? '' } });

  // What another tab joined (or left) shows here too, unless this form is being typed in.
  useEffect(() => {
    reset({ address: kept?.address ?? '', token: kept?.token ?? '' }, { keepDirtyValues: true });
  }, [kept, reset]);

  const onJoin = handleSubmit(async ({ address, token }) => {
    const read = syncAddressOf(address);
    if (!read.ok) return;
    await teamSync().join({ address: read.address, token: token.trim() });
    toast.success(t`Joining the team: the workspace is shared once the server answers.`);
  });

  const onLeave = async () => {
    await teamSync().leave();
    reset({ address: '', token: '' });
    toast.success(t`Left the team: the workspace stays on this device, and is no longer shared.`);
  };

  const words = teamStatusWords(status);
  const said = (problem: string | undefined) => {
    const known = problem === undefined ? undefined : TYPED_PROBLEMS[problem];
    return known ? t(known) : problem;
  };
  return (
    <form className="form" aria-labelledby={`${id}-title`} onSubmit={onJoin} noValidate>
      <h2 id={`${id}-title`}>
        {t({ message: 'Team', comment: 'The heading of the settings page’s part to join a team' })}
      </h2>
      <p className="field__hint">
        {t`Share this account’s workspace (saved views, segments, check settings, notes, targets, marks, plans and branding) with the other analysts of the same service account, through your team’s sync server. The API key is never sent to it. Without a server, everything works on this device alone.`}
      </p>
      <Field
        label={t`Sync server address`}
        error={said(errors.address?.message)}
        hint={t`For example wss://sync.example.com (https:// works too).`}
      >
        <input
          type="url"
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
          {...register('address', {
            validate: (value) => {
              const read = syncAddressOf(value);
              return read.ok || read.problem;
            },
          })}
        />
      </Field>
      <Field label={t`Team token`} error={said(errors.token?.message)} hint={t`From whoever runs the sync server.`}>
        <input
          type={showToken ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          {...register('token', { validate: (value) => tokenProblem(value) ?? true })}
        />
      </Field>
      <button
        type="button"
        className="button button--small"
        aria-pressed={showToken}
        onClick={() => setShowToken((shown) => !shown)}
      >
        {showToken ? t`Hide token` : t`Show token`}
      </button>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t({ message: 'Join', comment: 'Joins the team whose server and token were typed' })}
        </button>
        {kept ? (
          <button type="button" className="button" onClick={() => void onLeave()}>
            {t`Leave the team`}
          </button>
        ) : null}
      </div>
      <div aria-live="polite">
        {words ? (
          <p
            className={`notice ${status.kind === 'joined' ? 'notice--success' : status.kind === 'connecting' ? '' : 'notice--error'}`}
          >
            {t(words.full)}
          </p>
        ) : null}
      </div>
    </form>
  );
}
