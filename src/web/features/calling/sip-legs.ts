/**
 * The softphone's SIP call legs (issue 14; spec 9 dialer): the pieces every outgoing call of the
 * agent's browser shares — the microphone's spec 3 state when it cannot be used, the remote audio
 * played (also for SIP phones that send no stream id), the ICE gathering time-out — and `dialLeg`,
 * which places one extra call (add call's second party, a supervisor called in for barge or
 * whisper). Browser-only; used by softphone.ts, which loads JsSIP.
 */
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { UA } from 'jssip/lib/UA';
import type { CallState } from '../../../domain/calling/call-states';
import type { MicrophoneState } from '../../../domain/calling/campaigns';
import type { SecondLegEvent } from '../../../domain/calling/softphone';

/** A new id for one reported action (a retried report is then recorded once). */
export function actionId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The spec 3 microphone state of a getUserMedia failure. */
export function microphoneStateOf(err: unknown): MicrophoneState {
  const name = err instanceof DOMException || (err instanceof Error && 'name' in err) ? (err as Error).name : '';
  return name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' ? 'microphone_not_connected' : 'microphone_off';
}

/**
 * The stream to play of a remote track. SIP phones, PBXs and carriers' gateways send SDP without
 * `a=msid`, and then the track event carries no stream: the track is played in a stream of its own
 * (else the agent would hear nothing, and the conference mix would get silence).
 */
export function remoteStreamOf(t: Pick<RTCTrackEvent, 'streams' | 'track'>): MediaStream {
  return t.streams[0] ?? new MediaStream([t.track]);
}

/**
 * Plays the call's remote audio in `audio`. JsSIP creates an outgoing call's peer connection and
 * emits `peerconnection` inside `ua.call()`, before a listener added after it can hear it (the
 * agent then heard nothing): the connection already made is used, else the event's.
 */
export function playRemote(session: RTCSession, audio: HTMLAudioElement | null): void {
  if (!audio) return;
  const listen = (pc: RTCPeerConnection) => pc.addEventListener('track', (t: RTCTrackEvent) => (audio.srcObject = remoteStreamOf(t)));
  if (session.connection) listen(session.connection);
  else session.once('peerconnection', (e: { peerconnection: RTCPeerConnection }) => listen(e.peerconnection));
}

/** Spec 9: offer the call with the candidates found within the ICE gathering time-out (ms). */
export function offerWithin(session: RTCSession, timeoutMs: number): void {
  session.on('icecandidate', (e) => {
    window.setTimeout(() => e.ready(), timeoutMs);
  });
}

/** What an extra leg tells its owner: each state it reaches (with the event the server's copy keeps), and its end. */
export interface LegHandlers {
  state(state: CallState, event: SecondLegEvent): void;
  /** It ended (`failed`: before an answer, or refused) with the SIP cause; the microphone stream is stopped already. */
  gone(cause: string | undefined, failed: boolean): void;
}

/**
 * Calls `uri` with `stream` (the agent's microphone) as one more leg of the agent's browser: its
 * ringing, answer, hold and resume go to `h.state`, its end to `h.gone`; the other party is heard
 * through `audio`. @returns the leg's session (terminate it to hang up)
 */
export function dialLeg(ua: UA, uri: string, stream: MediaStream, iceTimeoutMs: number, audio: HTMLAudioElement | null, h: LegHandlers): RTCSession {
  const leg = ua.call(uri, { mediaStream: stream, pcConfig: { iceServers: [] } });
  leg.on('progress', () => h.state('Ringing', 'ringing'));
  leg.on('confirmed', () => h.state('On Call', 'answered'));
  leg.on('hold', () => h.state('On Hold', 'held'));
  leg.on('unhold', () => h.state('On Call', 'resumed'));
  const gone = (cause: string | undefined, failed: boolean) => {
    stream.getTracks().forEach((t) => t.stop());
    h.gone(cause, failed);
  };
  leg.on('ended', (e) => gone(e.cause, false));
  leg.on('failed', (e) => gone(e.cause, true));
  offerWithin(leg, iceTimeoutMs);
  playRemote(leg, audio);
  return leg;
}
