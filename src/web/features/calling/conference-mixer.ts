/**
 * The softphone's three-way conference mix (spec 9 "merge"): WebAudio sends each party the agent's
 * microphone plus the other party. Browser-only (AudioContext, RTCRtpSender); used by softphone.ts.
 */
import type { RTCSession } from 'jssip/lib/RTCSession';

/** The first audio sender of a call's peer connection (the microphone's, or the conference mix's). */
function audioSender(session: RTCSession): RTCRtpSender | undefined {
  return session.connection?.getSenders().find((s) => s.track?.kind === 'audio' || s.track === null);
}

/** The remote party's audio as a stream (what the agent hears of them). */
function remoteAudio(session: RTCSession): MediaStream {
  return new MediaStream(session.connection.getReceivers().flatMap((r) => (r.track.kind === 'audio' ? [r.track] : [])));
}

/**
 * The three-way mix: party A is sent the agent's microphone plus party B, and B the microphone
 * plus A (WebAudio); the agent hears both through their own audio elements. `stop` gives each
 * call its own microphone track back. A whisper (spec 4: a supervisor coaches the agent) is the
 * same mix with B left out of what A is sent: B (the supervisor) hears the agent and A (the
 * borrower), A hears only the agent.
 */
export class ConferenceMixer {
  private readonly ctx = new AudioContext();
  private readonly micGain: GainNode;
  /** How loud B is in what A is sent: 1, or 0 while B only whispers to the agent. */
  private readonly bToA: GainNode;
  private readonly restore: (() => Promise<void>)[] = [];

  private constructor(private readonly mic: MediaStream) {
    this.micGain = this.ctx.createGain();
    this.bToA = this.ctx.createGain();
    this.ctx.createMediaStreamSource(mic).connect(this.micGain);
  }

  /**
   * Starts mixing the two answered calls; `mic` is a microphone stream of its own (stopped on `stop`).
   * `whisper`: A does not hear B (switch later with `setWhisper`).
   */
  static async start(a: RTCSession, b: RTCSession, mic: MediaStream, whisper = false): Promise<ConferenceMixer> {
    const m = new ConferenceMixer(mic);
    await m.ctx.resume();
    m.setWhisper(whisper);
    const from = { a: m.ctx.createMediaStreamSource(remoteAudio(a)), b: m.ctx.createMediaStreamSource(remoteAudio(b)) };
    from.b.connect(m.bToA);
    await m.sendTo(a, m.bToA);
    await m.sendTo(b, from.a);
    return m;
  }

  /** `session` is sent the microphone plus `other` (the other party). */
  private async sendTo(session: RTCSession, other: AudioNode): Promise<void> {
    const out = this.ctx.createMediaStreamDestination();
    this.micGain.connect(out);
    other.connect(out);
    const sender = audioSender(session);
    if (!sender) return;
    const own = sender.track;
    await sender.replaceTrack(out.stream.getAudioTracks()[0]);
    this.restore.push(async () => {
      if (session.isEnded()) return;
      await sender.replaceTrack(own);
    });
  }

  /** Whisper on: party A (the borrower) stops hearing party B (the supervisor); off: all three talk (barge). */
  setWhisper(whisper: boolean): void {
    this.bToA.gain.value = whisper ? 0 : 1;
  }

  /** Mute in a conference silences only the agent's microphone in both mixes. */
  setMuted(muted: boolean): void {
    this.micGain.gain.value = muted ? 0 : 1;
  }

  async stop(): Promise<void> {
    await Promise.all(this.restore.map((r) => r().catch(() => undefined)));
    this.mic.getTracks().forEach((t) => t.stop());
    await this.ctx.close().catch(() => undefined);
  }
}
