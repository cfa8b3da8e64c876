import { CHAT_STREAMS_PER_ADDRESS, CHAT_STREAMS_PER_INSTANCE } from '../../constants'

export type StreamSlot = { release: () => void } | { refused: 'address' | 'instance' }

/**
 * Counts the visitor event streams open on this instance, in all and per client address, so
 * that neither one address nor a crowd of them can hold more than the caps. Each slot taken is
 * released exactly once, when its stream closes.
 */
export class StreamSlots {
  private readonly byAddress = new Map<string, number>()
  private total = 0

  constructor(
    private readonly perAddress = CHAT_STREAMS_PER_ADDRESS,
    private readonly perInstance = CHAT_STREAMS_PER_INSTANCE,
  ) {}

  get open(): number {
    return this.total
  }

  openFrom(address: string): number {
    return this.byAddress.get(address) ?? 0
  }

  take(address: string): StreamSlot {
    if (this.total >= this.perInstance) return { refused: 'instance' }
    const held = this.openFrom(address)
    if (held >= this.perAddress) return { refused: 'address' }
    this.byAddress.set(address, held + 1)
    this.total++
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        this.total--
        const left = this.openFrom(address) - 1
        if (left > 0) this.byAddress.set(address, left)
        else this.byAddress.delete(address)
      },
    }
  }
}
