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
 * call its own microphone track back.
 */
export class ConferenceMixer {
  private readonly ctx = new AudioContext();
  private readonly micGain: GainNode;
  private readonly restore: (() => Promise<void>)[] = [];

  private constructor(private readonly mic: MediaStream) {
    this.micGain = this.ctx.createGain();
    this.ctx.createMediaStreamSource(mic).connect(this.micGain);
  }

  /** Starts mixing the two answered calls; `mic` is a microphone stream of its own (stopped on `stop`). */
  static async start(a: RTCSession, b: RTCSession, mic: MediaStream): Promise<ConferenceMixer> {
    const m = new ConferenceMixer(mic);
    await m.ctx.resume();
    const from = { a: m.ctx.createMediaStreamSource(remoteAudio(a)), b: m.ctx.createMediaStreamSource(remoteAudio(b)) };
    await m.sendTo(a, from.b);
    await m.sendTo(b, from.a);
    return m;
  }

  /** `session` is sent the microphone plus `other` (the other party). */
  private async sendTo(session: RTCSession, other: MediaStreamAudioSourceNode): Promise<void> {
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
