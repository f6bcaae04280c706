import { waitFor } from '@testing-library/react';
import { hearOtherTabs } from '../../src/lib/tab-channel';
import { openTabChannel, type TabMessage } from '../../src/lib/tab-messages';

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
