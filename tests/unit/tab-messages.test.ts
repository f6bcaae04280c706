import { waitFor } from '@testing-library/react';
import { hearOtherTabs } from '../../src/lib/tab-channel';
import { openTabChannel, parseTabMessage, type TabMessage } from '../../src/lib/tab-messages';

// The app hears the other tabs from its start (hearOtherTabs) and opens its channel to them
// later, once its first rows are on screen: what was said in between reaches the first listener.
describe('messages heard before the channel opened', () => {
  const opened: { close(): void }[] = [];
  afterEach(() => opened.splice(0).forEach((channel) => channel.close()));

  it('reach the first listener, in order, then the channel carries on', async () => {
    const name = `early-${Math.random()}`;
    const early = hearOtherTabs(name);
    if (!early) throw new Error('BroadcastChannel is missing in this test environment');
    const otherTab = openTabChannel(name);
    opened.push(otherTab);
    otherTab.post({ topic: 'connection-wanted' });
    otherTab.post({ topic: 'connection', connection: null, reason: 'saved' });
    otherTab.post({ topic: 'connection', connection: { baseUrl: 'x', apiKey: 'y' } } as unknown as TabMessage);
    await waitFor(() => expect(early.heard).toHaveLength(3));

    const channel = openTabChannel(name, early);
    opened.push(channel);
    const received: TabMessage[] = [];
    channel.subscribe((message) => received.push(message));
    // The malformed one (no reason, no remember) is dropped, as on any channel.
    expect(received).toEqual([
      { topic: 'connection-wanted' },
      { topic: 'connection', connection: null, reason: 'saved' },
    ]);

    otherTab.post({ topic: 'connection-wanted' });
    await waitFor(() => expect(received).toHaveLength(3));
  });

  it('wait for a listener on a channel opened without them', async () => {
    const name = `late-${Math.random()}`;
    const channel = openTabChannel(name);
    const otherTab = openTabChannel(name);
    opened.push(channel, otherTab);
    otherTab.post({ topic: 'connection-wanted' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const received: TabMessage[] = [];
    channel.subscribe((message) => received.push(message));
    expect(received).toEqual([{ topic: 'connection-wanted' }]);
  });
});

// Another tab may run another version of the dashboard, or anything on the origin may post.
describe('a message from another tab, read', () => {
  it('keeps a well-formed message, without what it does not know', () => {
    const connection = { baseUrl: 'https://seo.example', apiKey: 'key', remember: false };
    expect(parseTabMessage({ topic: 'connection', connection, reason: 'replaced-key', extra: 1 })).toStrictEqual({
      topic: 'connection',
      connection,
      reason: 'replaced-key',
    });
    expect(
      parseTabMessage({ topic: 'connection', connection: { ...connection, secret: 's' }, reason: 'answered' }),
    ).toStrictEqual({ topic: 'connection', connection, reason: 'answered' });
    expect(parseTabMessage({ topic: 'connection-wanted', connection })).toStrictEqual({ topic: 'connection-wanted' });
  });

  it('drops a message of another shape as a whole', () => {
    const connection = { baseUrl: 'https://seo.example', apiKey: 'key', remember: true };
    for (const message of [
      undefined,
      null,
      'connection-wanted',
      ['connection-wanted'],
      {},
      { topic: 'connection-lost' },
      { topic: 'connection', connection, reason: 'because' },
      { topic: 'connection', connection },
      { topic: 'connection', reason: 'saved' },
      { topic: 'connection', connection: 'https://seo.example', reason: 'saved' },
      { topic: 'connection', connection: { ...connection, remember: 'yes' }, reason: 'saved' },
      { topic: 'connection', connection: { ...connection, apiKey: 7 }, reason: 'saved' },
    ])
      expect(parseTabMessage(message)).toBeNull();
  });
});
