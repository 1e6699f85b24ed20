/** A short, soft two-tone "uh-oh" made with the Web Audio API; silent where audio is unavailable. */
let context: AudioContext | null = null;

export function playErrorSound(): void {
  try {
    const Ctor =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.32);
    const osc = ctx.createOscillator();
    osc.type = 'triangle';
    osc.frequency.setValueAtTime(660, start);
    osc.frequency.setValueAtTime(440, start + 0.14);
    osc.connect(gain);
    osc.start(start);
    osc.stop(start + 0.34);
    osc.onended = () => {
      osc.disconnect();
      gain.disconnect();
    };
  } catch {
    // No sound is better than a broken page.
  }
}
