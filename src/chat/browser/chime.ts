/** A short two-tone chime made with WebAudio, so no audio file ships with the site. */
export function createChime(): () => void {
  let context: AudioContext | null = null
  return () => {
    try {
      context ??= new AudioContext()
      const start = context.currentTime
      const gain = context.createGain()
      gain.connect(context.destination)
      gain.gain.setValueAtTime(0.0001, start)
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35)
      for (const [frequency, offset] of [
        [880, 0],
        [1320, 0.12],
      ]) {
        const oscillator = context.createOscillator()
        oscillator.type = 'sine'
        oscillator.frequency.value = frequency
        oscillator.connect(gain)
        oscillator.start(start + offset)
        oscillator.stop(start + offset + 0.2)
      }
    } catch {
      // Audio is a nicety: a browser without it still shows the message.
    }
  }
}
