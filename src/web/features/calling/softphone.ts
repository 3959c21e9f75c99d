/**
 * The browser softphone (issue 14; spec 9 dialer): JsSIP registers the agent over a WebSocket to the
 * company's SIP server and places the call the server recorded (POST /calling/softphone/calls). The
 * SIP events are turned into the spec's connection and call states for the dialer panel, and handed
 * to `report` so the server's copy of the call moves too (the disposition form, the timeline and the
 * supervisor's live view read that copy). JsSIP is loaded only when the agent connects.
 *
 * Spec 9 "add call, transfer, merge": the agent may add a second call (a colleague or supervisor;
 * the borrower is put on hold), transfer the borrower to it (attended: SIP REFER with Replaces) or
 * to a typed number (blind REFER), or merge both into a three-way call. There is no mixing bridge
 * on the SIP server, so the browser mixes: each party is sent the agent's microphone plus the other
 * party (WebAudio), and the agent hears both.
 */
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { UA } from 'jssip/lib/UA';
import { sipTargetUri } from '../../../domain/calling/softphone';
import type { SoftphoneConfig } from '../../../domain/contracts/calling/softphone';
import { ConferenceMixer } from './conference-mixer';
import { actionId, dialLeg, microphoneStateOf, offerWithin, playRemote } from './sip-legs';
import type { ReportEvent, ReportSecondLeg, SoftphoneView, SupervisorJoin } from './softphone-view';
import { IDLE_VIEW } from './softphone-view';

export { actionId, microphoneStateOf, remoteStreamOf } from './sip-legs';
export type { ActionDetails, ReportEvent, ReportSecondLeg, SoftphoneView, SupervisorJoin } from './softphone-view';
export { IDLE_VIEW } from './softphone-view';


/** One agent's softphone; `onChange` receives every new view. */
export class Softphone {
  private ua: UA | null = null;
  private session: RTCSession | null = null;
  /** The second call (add call) and what the agent typed for it. */
  private secondSession: RTCSession | null = null;
  private secondTarget = '';
  /** The supervisor's call (barge, whisper) and whether they may be heard by the borrower. */
  private supervisorSession: RTCSession | null = null;
  /** The supervisor's latest mode (an action may arrive while their call is still being set up). */
  private supervisorMode: SupervisorJoin = 'barge';
  /** The supervisor's call is being placed (the microphone asked for): a second action only switches the mode. */
  private joining = false;
  private mixer: ConferenceMixer | null = null;
  /** Whom the running mix joined to the borrower (the reported conference's target). */
  private mixTarget = '';
  private report: ReportEvent = () => undefined;
  private reportLeg: ReportSecondLeg = () => undefined;
  private view: SoftphoneView = IDLE_VIEW;
  private readonly audio: HTMLAudioElement | null = typeof Audio === 'undefined' ? null : new Audio();
  /** The second party's voice (the agent hears both in a conference). */
  private readonly audio2: HTMLAudioElement | null = typeof Audio === 'undefined' ? null : new Audio();

  constructor(
    private readonly config: SoftphoneConfig,
    private readonly onChange: (view: SoftphoneView) => void,
  ) {
    if (this.audio) this.audio.autoplay = true;
    if (this.audio2) this.audio2.autoplay = true;
  }

  private set(patch: Partial<SoftphoneView>): void {
    this.view = { ...this.view, ...patch };
    this.onChange(this.view);
  }

  /** A microphone stream of its own, or null with the spec 3 microphone state shown. */
  private async microphone(): Promise<MediaStream | null> {
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch (err) {
      this.set({ microphone: microphoneStateOf(err) });
      return null;
    }
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
  async call(dialUri: string, report: ReportEvent, reportLeg: ReportSecondLeg = () => undefined): Promise<void> {
    if (!this.ua || !this.view.registered) throw new Error('The softphone is not registered');
    this.report = report;
    this.reportLeg = reportLeg;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch (err) {
      const microphone = microphoneStateOf(err);
      this.set({ microphone, callState: 'Call Failed' });
      report('failed', microphone);
      return;
    }
    this.set({ microphone: null, callState: 'Connecting', muted: false, held: false, error: null, transfer: null });
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
      // The borrower left a three-way call: the agent stays on the line with the second party.
      void this.endConference();
      // A supervisor listened to this call only.
      this.supervisorSession?.terminate();
      this.set({ callState: 'Call Ended', held: false, muted: false, transfer: this.view.transfer === 'pending' ? null : this.view.transfer });
      report('ended', e.cause);
    });
    session.on('failed', (e) => {
      stop();
      this.session = null;
      this.set({ callState: 'Call Failed', held: false, muted: false, error: e.cause ?? null });
      report('failed', e.cause);
    });
    offerWithin(session, this.config.ice_gathering_timeout_ms);
    playRemote(session, this.audio);
  }

  hold(): void {
    this.session?.hold();
  }

  resume(): void {
    this.session?.unhold();
  }

  mute(): void {
    if (this.mixer) {
      this.mixer.setMuted(true);
      this.set({ muted: true });
      return;
    }
    this.session?.mute({ audio: true });
  }

  unmute(): void {
    if (this.mixer) {
      this.mixer.setMuted(false);
      this.set({ muted: false });
      return;
    }
    this.session?.unmute({ audio: true });
  }

  /** The SIP address of what the agent typed (extension, number, sip: address) on the company's domain; null: not one. */
  targetUri(input: string): string | null {
    const domain = (this.config.sip_uri ?? '').replace(/^.*@/, '');
    return domain ? sipTargetUri(domain, input) : null;
  }

  /**
   * Spec 9 "add call": puts the borrower on hold and calls `input` (a colleague's extension, a
   * supervisor's number) from the browser. @returns false when `input` is no extension, number or SIP address
   */
  async addCall(input: string): Promise<boolean> {
    const uri = this.targetUri(input);
    if (!uri) return false;
    // One other party at a time: a supervisor on the call (barge, whisper) is that party.
    if (!this.ua || !this.session || this.secondSession || this.supervisorSession) return true;
    const stream = await this.microphone();
    if (!stream || !this.session) return true;
    if (!this.view.held) this.session.hold();
    this.secondTarget = input.trim();
    this.set({ second: { target: this.secondTarget, state: 'Connecting' }, transfer: null, error: null });
    const second = dialLeg(this.ua, uri, stream, this.config.ice_gathering_timeout_ms, this.audio2, {
      state: (state, event) => {
        this.set({ second: { target: this.secondTarget, state } });
        this.reportLeg(event);
      },
      gone: (cause, failed) => {
        if (this.secondSession === second) this.secondSession = null;
        void this.endConference();
        this.set({ second: null, error: failed ? (cause ?? null) : this.view.error });
        this.reportLeg(failed ? 'failed' : 'ended');
      },
    });
    this.secondSession = second;
    // The server keeps the leg too: a reloaded desk rebuilds both calls from it.
    this.reportLeg('started', this.secondTarget);
    return true;
  }

  /** Hangs up the second call only (the borrower stays, on hold unless merged). */
  dropSecond(): void {
    this.secondSession?.terminate();
  }

  /**
   * Spec 9 "merge": takes both calls off hold and mixes them into one three-way call here
   * (conference_started is reported on the borrower's call).
   */
  async merge(): Promise<void> {
    const [a, b] = [this.session, this.secondSession];
    if (!a || !b || this.mixer || !a.isEstablished() || !b.isEstablished()) return;
    const mic = await this.microphone();
    if (!mic) return;
    if (a.isOnHold().local) a.unhold();
    if (b.isOnHold().local) b.unhold();
    // JsSIP's own mute would silence the mix: the conference mutes the microphone inside it instead.
    if (this.view.muted) a.unmute({ audio: true });
    this.mixer = await ConferenceMixer.start(a, b, mic);
    this.mixer.setMuted(this.view.muted);
    this.mixTarget = this.secondTarget;
    this.set({ conference: true, held: false });
    this.report('conference_started', undefined, { event_id: actionId(), target: this.mixTarget });
  }

  /** Stops the mix (either party left); conference_ended is reported on the borrower's call. */
  private async endConference(): Promise<void> {
    const mixer = this.mixer;
    if (!mixer) return;
    this.mixer = null;
    this.set({ conference: false });
    this.report('conference_ended', undefined, { event_id: actionId(), target: this.mixTarget });
    await mixer.stop();
  }

  /**
   * Spec 9 "transfer". With an answered second call: attended, the borrower's phone is asked (REFER
   * with Replaces) to call the second party in place of the agent. Otherwise blind to `input`. When
   * the borrower's phone reports the new call answered (NOTIFY 200), the agent's calls are hung up
   * and `transferred` is reported. @returns false when a blind target is no extension, number or SIP address
   */
  transfer(input?: string, label?: string): boolean {
    const session = this.session;
    if (!session || this.mixer) return true;
    const second = this.secondSession;
    const attended = second !== null && second.isEstablished();
    const uri = attended ? second.remote_identity.uri.toString() : this.targetUri(input ?? '');
    if (!uri) return false;
    const target = attended ? this.secondTarget : (label ?? (input ?? '').trim());
    this.set({ transfer: 'pending', error: null });
    const failed = (cause: string) => this.set({ transfer: 'failed', error: cause });
    session.refer(uri, {
      replaces: attended ? second : undefined,
      eventHandlers: {
        requestFailed: (e: { cause?: string }) => failed(e.cause ?? 'Rejected'),
        failed: (e: { status_line?: { reason_phrase?: string } }) => failed(e.status_line?.reason_phrase ?? 'Transfer failed'),
        accepted: () => {
          this.report('transferred', undefined, { event_id: actionId(), target, transfer: attended ? 'attended' : 'blind' });
          this.set({ transfer: null });
          // The borrower now talks to the target: the agent's legs end (the target may have ended its own already, by Replaces).
          if (!session.isEnded()) session.terminate();
          if (second && !second.isEnded()) second.terminate();
        },
      },
    });
    return true;
  }

  /**
   * Spec 4 barge and whisper on the softphone (the supervisor acted on the live view, the server
   * told this desk): calls the supervisor at `uri` without holding the borrower and, once both are
   * answered, mixes them in: barge, everyone hears everyone; whisper, the supervisor hears the agent
   * and the borrower, the borrower hears only the agent. A second action while the supervisor is on
   * switches the mode in place. Reported as a conference with "{name} (barge|whisper)". Refused
   * (view.error) while the agent has a second call of their own.
   */
  async supervise(uri: string, mode: SupervisorJoin, name: string): Promise<void> {
    const session = this.session;
    if (!this.ua || !session || session.isEnded()) return;
    const label = `${name} (${mode})`;
    this.supervisorMode = mode;
    if (this.supervisorSession || this.joining) {
      this.mixer?.setWhisper(mode === 'whisper');
      if (this.view.supervisor) this.set({ supervisor: { ...this.view.supervisor, mode } });
      if (this.mixer && label !== this.mixTarget) {
        this.report('conference_ended', undefined, { event_id: actionId(), target: this.mixTarget });
        this.mixTarget = label;
        this.report('conference_started', undefined, { event_id: actionId(), target: label });
      }
      return;
    }
    if (this.secondSession || this.mixer) {
      this.set({ error: `${name} could not join: end your second call first` });
      return;
    }
    // The borrower has not answered yet: the supervisor is called once they have.
    if (!session.isEstablished()) {
      session.once('confirmed', () => void this.supervise(uri, mode, name));
      return;
    }
    this.joining = true;
    const stream = await this.microphone().finally(() => (this.joining = false));
    if (!stream) return;
    if (!this.ua || this.supervisorSession || !this.session) {
      stream.getTracks().forEach((t) => t.stop());
      return;
    }
    this.set({ supervisor: { name, mode: this.supervisorMode, state: 'Connecting' } });
    const leg: RTCSession = dialLeg(this.ua, uri, stream, this.config.ice_gathering_timeout_ms, this.audio2, {
      state: (state, event) => {
        if (this.view.supervisor) this.set({ supervisor: { ...this.view.supervisor, state } });
        if (event === 'answered') void this.mixSupervisor(leg, name);
      },
      gone: (cause, failed) => {
        if (this.supervisorSession !== leg) return;
        this.supervisorSession = null;
        void this.endConference();
        this.set({ supervisor: null, error: failed ? `${name}: ${cause ?? 'Call failed'}` : this.view.error });
      },
    });
    this.supervisorSession = leg;
  }

  /** Mixes the answered supervisor's call with the borrower's, in the supervisor's latest mode. */
  private async mixSupervisor(leg: RTCSession, name: string): Promise<void> {
    const a = this.session;
    if (!a || !a.isEstablished() || this.mixer || this.supervisorSession !== leg) return;
    const mic = await this.microphone();
    if (!mic) return;
    // Either call may have ended while the microphone was asked for.
    if (this.mixer || this.supervisorSession !== leg || this.session !== a || !a.isEstablished()) {
      mic.getTracks().forEach((t) => t.stop());
      return;
    }
    if (a.isOnHold().local) a.unhold();
    if (this.view.muted) a.unmute({ audio: true });
    this.mixer = await ConferenceMixer.start(a, leg, mic, this.supervisorMode === 'whisper');
    // The mode the supervisor chose last, also if it changed while the mix was being set up.
    this.mixer.setWhisper(this.supervisorMode === 'whisper');
    this.mixer.setMuted(this.view.muted);
    this.mixTarget = `${name} (${this.supervisorMode})`;
    this.set({ conference: true, held: false });
    this.report('conference_started', undefined, { event_id: actionId(), target: this.mixTarget });
  }

  /**
   * Spec 4 force transfer on the softphone: the supervisor's call or a three-way call is ended
   * first, then the borrower's phone is referred (blind) to `uri`, the new agent's SIP address;
   * reported as transferred to `name` (blind).
   */
  async forceTransfer(uri: string, name: string): Promise<void> {
    if (!this.session) return;
    await this.endConference();
    this.supervisorSession?.terminate();
    this.secondSession?.terminate();
    this.transfer(uri, name);
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
    if (this.secondSession) this.secondSession.terminate();
    if (this.supervisorSession) this.supervisorSession.terminate();
    this.session = null;
    this.secondSession = null;
    this.supervisorSession = null;
    if (this.ua) {
      this.ua.stop();
      this.ua = null;
      this.set({ ...IDLE_VIEW, connection: 'disconnected' });
    }
  }
}
