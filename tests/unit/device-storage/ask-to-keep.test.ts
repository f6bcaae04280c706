import {
  ASKED_KEY,
  askAgainToKeepStorage,
  askToKeepStorage,
  forgetAskingInThisPage,
  isStorageKept,
} from '../../../src/features/device-storage/ask-to-keep';

function fakeStorage({ persisted = false, grants = true } = {}) {
  const storage = {
    kept: persisted,
    persist: vi.fn(async () => {
      storage.kept = grants;
      return grants;
    }),
    persisted: vi.fn(async () => storage.kept),
  };
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
  return storage;
}

beforeEach(() => forgetAskingInThisPage());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
});

describe('asking the browser to keep what is kept', () => {
  it('asks once however often something is kept, and remembers it asked', async () => {
    const storage = fakeStorage({ grants: false });
    expect(await Promise.all([askToKeepStorage(), askToKeepStorage()])).toEqual([false, false]);
    expect(await askToKeepStorage()).toBe(false);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ASKED_KEY)).not.toBeNull();
    // The next visit (a new page) does not ask again: where the browser asks the person, it would every time.
    forgetAskingInThisPage();
    expect(await askToKeepStorage()).toBe(false);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('asks once per page even where this device cannot remember it (storage refusing writes)', async () => {
    const storage = fakeStorage({ grants: false });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(await askToKeepStorage()).toBe(false);
    expect(await askToKeepStorage()).toBe(false);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the browser has promised already', async () => {
    const storage = fakeStorage({ persisted: true });
    expect(await askToKeepStorage()).toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
    expect(await isStorageKept()).toBe(true);
  });

  it('asks again when the analyst asks, even if this device was asked before', async () => {
    const storage = fakeStorage({ grants: true });
    localStorage.setItem(ASKED_KEY, '2026-01-01T00:00:00Z');
    expect(await askToKeepStorage()).toBe(false);
    expect(storage.persist).not.toHaveBeenCalled();
    expect(await askAgainToKeepStorage()).toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(await isStorageKept()).toBe(true);
  });

  it('is safe where the browser has no such API, or it fails', async () => {
    expect('storage' in navigator).toBe(false);
    expect(await askToKeepStorage()).toBe(false);
    expect(await isStorageKept()).toBeUndefined();
    forgetAskingInThisPage();
    Object.defineProperty(navigator, 'storage', {
      value: { persist: () => Promise.reject(new Error('no')), persisted: () => Promise.reject(new Error('no')) },
      configurable: true,
    });
    expect(await askToKeepStorage()).toBe(false);
    expect(await isStorageKept()).toBeUndefined();
  });
});
