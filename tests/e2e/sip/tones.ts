/**
 * Reads what a lab phone heard (issue 14): baresip's sndfile module writes each call's decoded
 * audio to a WAV file (16-bit PCM). `toneSeconds` says for how long a given tone carried most of
 * that sound, so a test can tell which party a phone really heard (each lab phone plays its own
 * sine tone; Chromium's fake microphone beeps at another pitch).
 */
import { readFile } from 'node:fs/promises';

interface Pcm {
  rate: number;
  /** Mono samples (channels averaged), -1..1. */
  samples: Float32Array;
}

/**
 * Parses a 16-bit PCM WAV file. The data chunk is read to the end of the file whatever its header
 * says: a call still going has not had its sizes written yet. @throws when it is no 16-bit PCM WAV
 */
export async function readWav(path: string): Promise<Pcm> {
  const buf = await readFile(path);
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${path}: not a WAV file`);
  let at = 12;
  let rate = 0;
  let channels = 0;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(at + 10);
      rate = buf.readUInt32LE(at + 12);
      if (buf.readUInt16LE(at + 22) !== 16) throw new Error(`${path}: not 16-bit PCM`);
    } else if (id === 'data') {
      if (!rate || !channels) throw new Error(`${path}: data before fmt`);
      const frames = Math.floor((buf.length - at - 8) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += buf.readInt16LE(at + 8 + 2 * (i * channels + c));
        samples[i] = sum / channels / 32768;
      }
      return { rate, samples };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${path}: no data chunk`);
}

/**
 * Seconds of the recording in which `hz` carries at least `share` of the sound (Goertzel over
 * 100 ms blocks, so 10 Hz apart is told apart; near-silent blocks count for nothing).
 */
export function toneSeconds({ rate, samples }: Pcm, hz: number, share = 0.3): number {
  const n = Math.round(rate / 10);
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let blocks = 0;
  for (let start = 0; start + n <= samples.length; start += n) {
    let s1 = 0;
    let s2 = 0;
    let energy = 0;
    for (let i = start; i < start + n; i++) {
      const x = samples[i];
      const s0 = x + coeff * s1 - s2;
      s2 = s1;
      s1 = s0;
      energy += x * x;
    }
    // A -60 dBFS floor: comfort noise and silence are no tone.
    if (energy / n < 1e-6) continue;
    const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
    // A pure on-bin sine gives power = (A n / 2)^2 and energy = n A^2 / 2, so this ratio is 1.
    if ((2 * power) / (n * energy) >= share) blocks++;
  }
  return blocks / 10;
}
