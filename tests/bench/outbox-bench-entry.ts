/**
 * The src/offline modules bundled for the outbox drain benchmark (tests/bench/outbox-drain.ts):
 * the real outbox, queue (drain) and session code run in Chromium against the real server.
 */
export { fieldDb } from '../../src/offline/db';
export { drainOutbox, DRAIN_LOCK } from '../../src/offline/queue';
export { enqueue } from '../../src/offline/outbox';
export { saveOfflineSession } from '../../src/offline/session';
