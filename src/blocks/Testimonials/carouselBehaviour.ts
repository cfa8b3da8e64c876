import { listen, prefersReducedMotion } from '@/dom/dom'
import { attachGestures } from '@/dom/gestures'
import { wrapIndex } from '@/dom/roving'

/** The carousel moves to the next slide this often while it rotates (docs/constants.md). */
export const CAROUSEL_INTERVAL_MS = 5000

/** The slide index after moving `step` slides from `index` in a ring of `count` slides. */
export const wrapSlide = wrapIndex

const ROTATION_LABEL = { rotating: 'Stop automatic slide show', stopped: 'Start automatic slide show' } as const

/**
 * The WAI-ARIA carousel over server-rendered slides (all visible without JavaScript).
 * Rotation pauses while the pointer is over the carousel or focus is inside it, stops for good
 * when the visitor presses the rotation button or picks a slide, and never starts under
 * reduced motion. Hidden slides get `aria-hidden` and `inert`, so nothing in them is focusable.
 */
export function attachCarousel(root: HTMLElement): () => void {
  const slides = Array.from(root.querySelectorAll<HTMLElement>('.carousel-slide'))
  const viewport = root.querySelector<HTMLElement>('.carousel-slides')
  const rotationButton = root.querySelector<HTMLButtonElement>('.carousel-rotation')
  const pickers = Array.from(root.querySelectorAll<HTMLButtonElement>('.carousel-picker button'))
  if (slides.length < 2 || !viewport || !rotationButton) return () => {}

  let current = Math.max(
    0,
    slides.findIndex((slide) => slide.classList.contains('is-current')),
  )
  let stoppedByVisitor = prefersReducedMotion()
  let hovered = false
  let focusedWithin = false
  let heldByTouch = false
  let timer: ReturnType<typeof setInterval> | undefined

  const rotating = () => !stoppedByVisitor && !hovered && !focusedWithin && !heldByTouch

  const show = (index: number) => {
    current = index
    slides.forEach((slide, i) => {
      const active = i === index
      slide.classList.toggle('is-current', active)
      if (active) slide.removeAttribute('aria-hidden')
      else slide.setAttribute('aria-hidden', 'true')
      slide.inert = !active
    })
    pickers.forEach((picker, i) => {
      if (i === index) picker.setAttribute('aria-current', 'true')
      else picker.removeAttribute('aria-current')
    })
  }

  const sync = () => {
    clearInterval(timer)
    timer = rotating() ? setInterval(() => show(wrapSlide(current, 1, slides.length)), CAROUSEL_INTERVAL_MS) : undefined
    // Announce slide changes only when they come from the visitor, not from rotation.
    viewport.setAttribute('aria-live', rotating() ? 'off' : 'polite')
    root.classList.toggle('is-rotating', Boolean(timer))
    rotationButton.textContent = stoppedByVisitor ? ROTATION_LABEL.stopped : ROTATION_LABEL.rotating
  }

  const go = (step: number) => {
    show(wrapSlide(current, step, slides.length))
    sync()
  }

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button')
    if (!button || !root.contains(button)) return
    if (button === rotationButton) {
      stoppedByVisitor = !stoppedByVisitor
      // Pressing Start is a clear wish to rotate, although focus is now inside the carousel.
      if (!stoppedByVisitor) focusedWithin = false
      sync()
    } else if (button.classList.contains('carousel-previous')) go(-1)
    else if (button.classList.contains('carousel-next')) go(1)
    else if (pickers.includes(button)) {
      stoppedByVisitor = true
      show(pickers.indexOf(button))
      sync()
    }
  }

  root.classList.add('is-enhanced')
  show(current)
  sync()

  const removers = [
    listen(root, 'click', onClick),
    listen(root, 'mouseenter', () => {
      hovered = true
      sync()
    }),
    listen(root, 'mouseleave', () => {
      hovered = false
      sync()
    }),
    listen(root, 'focusin', () => {
      focusedWithin = true
      sync()
    }),
    listen(root, 'focusout', (event) => {
      if (root.contains(event.relatedTarget as Node | null)) return
      focusedWithin = false
      sync()
    }),
    attachGestures(viewport, {
      onSwipe: (direction) => (direction === 'left' ? go(1) : direction === 'right' ? go(-1) : undefined),
      // On touch screens, with no hover: press and hold keeps the slide still; again resumes.
      onLongTap: () => {
        heldByTouch = !heldByTouch
        sync()
      },
    }),
  ]
  return () => {
    clearInterval(timer)
    removers.forEach((remove) => remove())
  }
}
