import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARE_CACHE_NAME, SHARED_FILE_KEY, takeSharedFile } from '../utils/shared-file';

/** A stand-in for the browser's CacheStorage, holding named caches of request → response. */
function fakeCacheStorage() {
  const caches = new Map<string, Map<string, Response>>();
  const open = vi.fn(async (name: string) => {
    const entries = caches.get(name) ?? new Map<string, Response>();
    caches.set(name, entries);
    return {
      match: async (key: string) => entries.get(key)?.clone(),
      put: async (key: string, response: Response) => void entries.set(key, response),
      delete: async (key: string) => entries.delete(key),
    };
  });
  vi.stubGlobal('caches', { open });
  return { caches, open };
}

/** The file's bytes, through FileReader (jsdom's File has no arrayBuffer()). */
function bytesOf(file: File): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * What the service worker stores for a share (the contract of docs/architecture.md, Web app's share
 * target).
 */
async function share(file: File) {
  const cache = await caches.open(SHARE_CACHE_NAME);
  // The bytes, not the File: Node's Response cannot read jsdom's File (a browser's can).
  await cache.put(
    SHARED_FILE_KEY,
    new Response(await bytesOf(file), {
      headers: { 'Content-Type': file.type, 'X-File-Name': encodeURIComponent(file.name) },
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('takeSharedFile', () => {
  it('gives the shared file back with its name, type and bytes, and only once', async () => {
    const { caches: stored } = fakeCacheStorage();
    const bytes = new Uint8Array([255, 216, 255, 224, 1, 2, 3]);
    await share(new File([bytes], 'Reçu café №7.jpg', { type: 'image/jpeg' }));

    const file = await takeSharedFile();
    expect(file).toBeInstanceOf(File);
    expect(file?.name).toBe('Reçu café №7.jpg');
    expect(file?.type).toBe('image/jpeg');
    if (!file) throw new Error('No file');
    expect(await bytesOf(file)).toEqual(bytes);

    expect(stored.get(SHARE_CACHE_NAME)?.has(SHARED_FILE_KEY)).toBe(false);
    expect(await takeSharedFile()).toBeNull();
  });

  it('keeps a PDF a PDF', async () => {
    fakeCacheStorage();
    await share(new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }));
    const file = await takeSharedFile();
    if (!file) throw new Error('No file');
    expect(file.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await bytesOf(file))).toBe('%PDF-1.4');
  });

  it('names a file shared without a name, and keeps a name that is not URI-encoded', async () => {
    fakeCacheStorage();
    const cache = await caches.open(SHARE_CACHE_NAME);
    await cache.put(
      SHARED_FILE_KEY,
      new Response('x', { headers: { 'Content-Type': 'image/png' } }),
    );
    expect((await takeSharedFile())?.name).toBe('shared-receipt');

    await cache.put(
      SHARED_FILE_KEY,
      new Response('x', { headers: { 'Content-Type': 'image/png', 'X-File-Name': '100%.png' } }),
    );
    expect((await takeSharedFile())?.name).toBe('100%.png');
  });

  it('is null when nothing was shared', async () => {
    fakeCacheStorage();
    expect(await takeSharedFile()).toBeNull();
  });

  it('is null without Cache Storage (plain HTTP) or when the cache cannot be opened', async () => {
    vi.stubGlobal('caches', undefined);
    expect(await takeSharedFile()).toBeNull();
    vi.stubGlobal('caches', { open: vi.fn(() => Promise.reject(new Error('SecurityError'))) });
    expect(await takeSharedFile()).toBeNull();
  });
});
