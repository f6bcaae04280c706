/**
 * Refuses a change that would take a shared document over the stored-document limit, before it
 * is applied. Measuring a document means encoding it whole, so it is measured when loaded and
 * again only when the bytes of the changes applied since could have reached the limit: an
 * estimate that only ever errs on the large side (an update's bytes are at least what it adds).
 *
 * A single WebSocket message over the message limit never gets this far: the WebSocket server
 * closes the connection first (`maxPayload`, see sync-server.ts).
 */
import { IncomingMessage, MessageType, type Document, type Extension } from '@hocuspocus/server';
import { encodeStateAsUpdate } from 'yjs';
import type { SyncServerLog } from './sync-server-options.ts';

// y-protocols' sync message kinds: step 2 and update carry changes; step 1 only a state vector.
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** What the provider's `onClose` receives as the reason when a change is refused. */
export const DOCUMENT_TOO_LARGE = 'document-too-large';

function changeBytesOf(message: Uint8Array): number {
  try {
    const incoming = new IncomingMessage(message);
    incoming.readVarString();
    const kind = incoming.readVarUint();
    if (kind !== MessageType.Sync && kind !== MessageType.SyncReply) return 0;
    const syncKind = incoming.readVarUint();
    return syncKind === SYNC_STEP_2 || syncKind === SYNC_UPDATE ? message.byteLength : 0;
  } catch {
    // Not a message Hocuspocus can read either: it refuses it itself.
    return 0;
  }
}

export function documentSizeLimit(maxDocumentBytes: number, log: SyncServerLog): Extension {
  const sizes = new WeakMap<Document, { measured: number; addedSince: number }>();
  const measure = (document: Document) => {
    const size = { measured: encodeStateAsUpdate(document).byteLength, addedSince: 0 };
    sizes.set(document, size);
    return size;
  };

  return {
    extensionName: 'document-size-limit',
    async afterLoadDocument({ document }) {
      measure(document);
    },
    async beforeHandleMessage({ document, documentName, update }) {
      const changeBytes = changeBytesOf(update);
      if (changeBytes === 0) return;
      let size = sizes.get(document) ?? measure(document);
      if (size.measured + size.addedSince + changeBytes > maxDocumentBytes) {
        size = measure(document);
        if (size.measured + changeBytes > maxDocumentBytes) {
          log.warn(`refused a change to ${documentName}: the document would pass ${maxDocumentBytes} bytes`);
          // An empty message keeps Hocuspocus's hook runner from logging it a second time.
          throw Object.assign(new Error(), { reason: DOCUMENT_TOO_LARGE });
        }
      }
      size.addedSince += changeBytes;
    },
  };
}
