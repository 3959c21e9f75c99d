/**
 * The browser softphone (issue 14; spec 9 dialer): JsSIP registers the agent over a WebSocket to the
 * company's SIP server and places the call the server recorded (POST /calling/softphone/calls). The
 * SIP events are turned into the spec's connection and call states for the dialer panel, and handed
 * to `report` so the server's copy of the call moves too (the disposition form, the timeline and the
 * supervisor's live view read that copy). JsSIP is loaded only when the agent connects.
 */
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { UA } from 'jssip/lib/UA';
import type { CallState, ConnectionState } from '../../../domain/calling/call-states';
import type { MicrophoneState } from '../../../domain/calling/campaigns';
import type { SoftphoneEvent } from '../../../domain/calling/softphone';
import type { SoftphoneConfig } from '../../../domain/contracts/calling/softphone';

/** What the dialer panel shows of the softphone. */
export interface SoftphoneView {
  connection: ConnectionState;
  /** The SIP server accepted the registration: calls go through the softphone. */
  registered: boolean;
  /** The browser's own view of the live call (null: no call). */
  callState: CallState | null;
  muted: boolean;
  held: boolean;
  /** Spec 3 microphone state when the browser could not use one (null: working or not asked yet). */
  microphone: MicrophoneState | null;
  /** Why the last registration or call failed, as the SIP server or the browser said it. */
  error: string | null;
}

export const IDLE_VIEW: SoftphoneView = { connection: 'notInitialized', registered: false, callState: null, muted: false, held: false, microphone: null, error: null };

/** The spec 3 microphone state of a getUserMedia failure. */
export function microphoneStateOf(err: unknown): MicrophoneState {
  const name = err instanceof DOMException || (err instanceof Error && 'name' in err) ? (err as Error).name : '';
  return name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' ? 'microphone_not_connected' : 'microphone_off';
}

/** One agent's softphone; `onChange` receives every new view. */
export class Softphone {
  private ua: UA | null = null;
  private session: RTCSession | null = null;
  private view: SoftphoneView = IDLE_VIEW;
  private readonly audio: HTMLAudioElement | null = typeof Audio === 'undefined' ? null : new Audio();

  constructor(
    private readonly config: SoftphoneConfig,
    private readonly onChange: (view: SoftphoneView) => void,
  ) {
    if (this.audio) this.audio.autoplay = true;
  }

  private set(patch: Partial<SoftphoneView>): void {
    this.view = { ...this.view, ...patch };
    this.onChange(this.view);
  }

  /**
   * Opens the WebSocket and registers. `password` is the agent's SIP password (not stored by us;
   * empty for servers that do not challenge).
   */
  async connect(password: string): Promise<void> {
    if (!this.config.enabled || !this.config.ws_url || !this.config.sip_uri) return;
    this.disconnect();
    this.set({ connection: 'connecting', error: null });
    const JsSIP = (await import('jssip')).default;
    const ua = new JsSIP.UA({
      sockets: [new JsSIP.WebSocketInterface(this.config.ws_url)],
      uri: this.config.sip_uri,
      password: password || undefined,
      display_name: this.config.display_name,
      register: true,
      session_timers: false,
      // A dropped WebSocket is retried quickly first (patchy office networks), then every 30 s.
      connection_recovery_min_interval: 2,
      connection_recovery_max_interval: 30,
    });
    ua.on('connecting', () => this.set({ connection: 'connecting' }));
    ua.on('connected', () => this.set({ connection: 'connected' }));
    ua.on('disconnected', () => this.set({ connection: 'disconnected', registered: false }));
    ua.on('registered', () => this.set({ registered: true, error: null }));
    ua.on('unregistered', () => this.set({ registered: false }));
    ua.on('registrationFailed', (e) => this.set({ connection: 'failed', registered: false, error: e.cause ?? 'Registration failed' }));
    this.ua = ua;
    ua.start();
  }

  /**
   * Dials `dialUri` (from the server's answer) with the microphone; `report` receives each SIP event
   * for the server. A refused microphone ends here with the spec's microphone state and 'failed'.
   */
  async call(dialUri: string, report: (event: SoftphoneEvent, cause?: string) => void): Promise<void> {
    if (!this.ua || !this.view.registered) throw new Error('The softphone is not registered');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch (err) {
      const microphone = microphoneStateOf(err);
      this.set({ microphone, callState: 'Call Failed' });
      report('failed', microphone);
      return;
    }
    this.set({ microphone: null, callState: 'Connecting', muted: false, held: false, error: null });
    const session = this.ua.call(dialUri, { mediaStream: stream, pcConfig: { iceServers: [] } });
    this.session = session;
    const stop = () => stream.getTracks().forEach((t) => t.stop());
    session.on('progress', () => {
      this.set({ callState: 'Ringing' });
      report('ringing');
    });
    session.on('confirmed', () => {
      this.set({ callState: 'On Call' });
      report('answered');
    });
    session.on('hold', () => {
      this.set({ held: true, callState: 'On Hold' });
      report('held');
    });
    session.on('unhold', () => {
      this.set({ held: false, callState: 'On Call' });
      report('resumed');
    });
    session.on('muted', () => this.set({ muted: true }));
    session.on('unmuted', () => this.set({ muted: false }));
    session.on('ended', (e) => {
      stop();
      this.session = null;
      this.set({ callState: 'Call Ended', held: false, muted: false });
      report('ended', e.cause);
    });
    session.on('failed', (e) => {
      stop();
      this.session = null;
      this.set({ callState: 'Call Failed', held: false, muted: false, error: e.cause ?? null });
      report('failed', e.cause);
    });
    // Spec 9: offer the call with the candidates found within the ICE gathering time-out.
    session.on('icecandidate', (e) => {
      window.setTimeout(() => e.ready(), this.config.ice_gathering_timeout_ms);
    });
    session.on('peerconnection', (e) => {
      e.peerconnection.addEventListener('track', (t: RTCTrackEvent) => {
        if (this.audio && t.streams[0]) this.audio.srcObject = t.streams[0];
      });
    });
  }

  hold(): void {
    this.session?.hold();
  }

  resume(): void {
    this.session?.unhold();
  }

  mute(): void {
    this.session?.mute({ audio: true });
  }

  unmute(): void {
    this.session?.unmute({ audio: true });
  }

  /** Sends keypad tones in the call (IVR menus): 0-9, *, #. */
  dtmf(tones: string): void {
    this.session?.sendDTMF(tones);
  }

  hangup(): void {
    this.session?.terminate();
  }

  /** Ends any call, unregisters and closes the WebSocket. */
  disconnect(): void {
    if (this.session) this.session.terminate();
    this.session = null;
    if (this.ua) {
      this.ua.stop();
      this.ua = null;
      this.set({ ...IDLE_VIEW, connection: 'disconnected' });
    }
  }
}
