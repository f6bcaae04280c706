import { act, screen } from '@testing-library/react';
import { ApiError } from '../../src/api';
import { describeConnectionTestFailure, describeError, reasonInSentence } from '../../src/api/error-words';
import { failure } from '../../src/api/request';
import { switchLanguage } from '../../src/lib/i18n/switch-language';
import { renderApp } from '../helpers/render-app';
import { endInEnglish, PAGE_LOAD, settleShell } from '../helpers/settle-words';

/**
 * Failures in the analyst's language (issue 39): the client's own words in an error's message,
 * what the pages say about it, why a connection test failed, and the app's own "Page not found".
 * What the service said stays as sent.
 */
vi.setConfig({ testTimeout: 60_000 });

afterEach(endInEnglish);

// First: the page loads its words itself, before any failure has loaded them.
it('says an unknown address in Spanish', async () => {
  await act(() => switchLanguage('es'));
  renderApp('/no-such-page');
  expect(await screen.findByRole('heading', { name: 'Página no encontrada' }, PAGE_LOAD)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ir a los informes' })).toBeInTheDocument();
  await settleShell();
});

it('makes the client’s own error messages in the language on screen, Russian plurals included', async () => {
  await act(() => switchLanguage('ru'));
  const network = await failure('network', { cause: new TypeError('Failed to fetch') });
  expect(network.message).toBe(
    'Не удалось связаться с сервисом. Проверьте подключение, базовый URL API и то, что сервис принимает запросы от этой панели (CORS).',
  );
  expect((await failure('timeout', { timeoutMs: 1_000 })).message).toBe('Сервис не ответил за 1 секунду.');
  expect((await failure('timeout', { timeoutMs: 2_000 })).message).toBe('Сервис не ответил за 2 секунды.');
  expect((await failure('timeout', { timeoutMs: 30_000 })).message).toBe('Сервис не ответил за 30 секунд.');
  const status = await failure('http', { response: new Response('', { status: 503 }), text: '' });
  expect(status.message).toBe('У сервиса возникла проблема (503). Повторите попытку.');
  expect(describeError(network).title).toBe('Не удалось связаться с сервисом');
});

it('keeps what the service said as it was sent, inside German words', async () => {
  await act(() => switchLanguage('de'));
  const body = JSON.stringify({ message: 'Quota exceeded for this key' });
  const refused = await failure('http', { response: new Response(body, { status: 403 }), text: body });
  expect(refused.message).toBe('Quota exceeded for this key');
  expect(describeError(refused)).toEqual({
    title: 'Nicht erlaubt',
    detail: 'Quota exceeded for this key',
    needsSettings: false,
  });
  expect(describeConnectionTestFailure(refused, 'https://seo.example.com')).toBe(
    'Der Schlüssel funktioniert, aber dieses Konto hat keinen Zugriff auf die API.',
  );
  const unreachable = new ApiError('network', 'offline');
  expect(describeConnectionTestFailure(unreachable, 'http://seo.example.com')).toMatch(
    /^Der Dienst unter http:\/\/seo\.example\.com ist nicht erreichbar\. .* Die Sicherheitsrichtlinie dieser Installation erlaubt vielleicht auch nur HTTPS-Dienste/,
  );
  expect(describeConnectionTestFailure(unreachable, '')).toMatch(
    /^Der Dienst unter dem eigenen Origin dieses Dashboards ist nicht erreichbar\./,
  );
});

it('says a rejected key on the reports list in French', async () => {
  await act(() => switchLanguage('fr'));
  renderApp('/reports', { simulator: { validKeys: ['another-key'] } });
  expect(await screen.findByRole('heading', { name: 'La clé d’API a été refusée' }, PAGE_LOAD)).toBeInTheDocument();
  expect(screen.getByText('Vérifiez ou remplacez la clé sur la page des paramètres.')).toBeInTheDocument();
  await settleShell();
});

it('says a failure’s title inside a sentence with only its first letter lowered', async () => {
  expect(reasonInSentence('The API key was rejected')).toBe('the API key was rejected');
  await act(() => switchLanguage('de'));
  const slow = await failure('timeout', { timeoutMs: 30_000 });
  // A German noun keeps its capital.
  expect(reasonInSentence(describeError(slow).title)).toBe('der Dienst braucht zu lange');
});
