import { keepTabIn, listen } from '@/dom/dom'
import { followsInPlace } from '@/dom/linkRouter'
import { closedLightbox, lightboxKeyAction, type LightboxAction, lightboxReducer, lightboxTitle } from './lightboxModel'

/** The link of each thumbnail, in the gallery's order (Component.tsx draws them). */
const THUMBNAIL_LINK = '.gallery-link'

type Lightbox = { open: (link: HTMLAnchorElement) => void; remove: () => void; users: number }

/** One lightbox per gallery on the page, made when its first thumbnail is reached, kept while any is attached. */
const lightboxes = new WeakMap<HTMLElement, Lightbox>()

/** A native modal <dialog>: the page behind is inert, and it takes the top layer above the fixed header. */
function drawDialog(): {
  dialog: HTMLDialogElement
  title: HTMLElement
  image: HTMLImageElement
  caption: HTMLElement
  buttons: Record<'previous' | 'next' | 'close', HTMLButtonElement>
} {
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') => {
    const element = document.createElement(tag)
    element.className = className
    element.textContent = text
    return element
  }
  const dialog = make('dialog', 'lightbox')
  const title = make('h2', 'lightbox-title')
  title.id = `lightbox-title-${Math.random().toString(36).slice(2)}`
  dialog.setAttribute('aria-labelledby', title.id)
  // Said outright: a <dialog> opened with showModal is modal, but not every reader infers it.
  dialog.setAttribute('aria-modal', 'true')
  const figure = make('figure', 'lightbox-figure')
  const image = make('img', 'lightbox-image')
  const caption = make('figcaption', 'lightbox-caption')
  figure.append(image, caption)
  const buttons = {
    previous: make('button', 'lightbox-previous', 'Previous image'),
    next: make('button', 'lightbox-next', 'Next image'),
    close: make('button', 'lightbox-close', 'Close'),
  }
  for (const button of Object.values(buttons)) button.type = 'button'
  const controls = make('div', 'lightbox-controls')
  controls.append(buttons.previous, buttons.next, buttons.close)
  dialog.append(title, figure, controls)
  return { dialog, title, image, caption, buttons }
}

function makeLightbox(gallery: HTMLElement): Lightbox {
  const links = () => Array.from(gallery.querySelectorAll<HTMLAnchorElement>(THUMBNAIL_LINK))
  const { dialog, title, image, caption, buttons } = drawDialog()
  const name = gallery.dataset.gallery ?? ''
  let state = closedLightbox(links().length)
  let opener: HTMLAnchorElement | null = null

  const show = () => {
    const link = links()[state.index]
    const thumbnail = link?.querySelector('img')
    if (!link || !thumbnail) return
    title.textContent = lightboxTitle(name, state)
    // The full image, at the size the screen needs, in the thumbnail's proportions until it arrives.
    image.removeAttribute('src')
    image.srcset = thumbnail.srcset
    image.sizes = thumbnail.srcset ? '100vw' : ''
    // As the server wrote them: the same-origin address, and the image's own size (not the thumbnail's box).
    image.src = link.getAttribute('href') ?? link.href
    image.alt = thumbnail.alt
    for (const side of ['width', 'height'] as const) {
      const value = thumbnail.getAttribute(side)
      if (value) image.setAttribute(side, value)
      else image.removeAttribute(side)
    }
    caption.textContent = link.closest('figure')?.querySelector('figcaption')?.textContent ?? ''
    caption.hidden = !caption.textContent
  }

  const dispatch = (action: LightboxAction) => {
    state = lightboxReducer({ ...state, count: links().length }, action)
    if (state.open) show()
  }

  const close = () => {
    dispatch({ type: 'close' })
    if (dialog.open) dialog.close()
    opener?.focus()
    opener = null
  }

  const open = (link: HTMLAnchorElement) => {
    opener = link
    dispatch({ type: 'open', index: links().indexOf(link) })
    if (!dialog.open) dialog.showModal()
    buttons.close.focus()
  }

  const removers = [
    keepTabIn(dialog),
    listen(buttons.previous, 'click', () => dispatch({ type: 'previous' })),
    listen(buttons.next, 'click', () => dispatch({ type: 'next' })),
    listen(buttons.close, 'click', close),
    // Escape: the dialog's cancel, closed the same way as by its button.
    listen(dialog, 'cancel', (event) => {
      event.preventDefault()
      close()
    }),
    listen(dialog, 'keydown', (event) => {
      const action = lightboxKeyAction(event.key)
      if (!action || event.altKey || event.ctrlKey || event.metaKey) return
      event.preventDefault()
      dispatch(action)
    }),
    // A click on the dimmed page around the image (the dialog's own box, outside its parts) closes it.
    listen(dialog, 'click', (event) => {
      if (event.target === dialog) close()
    }),
  ]
  document.body.append(dialog)
  return {
    open,
    users: 0,
    remove: () => {
      removers.forEach((remove) => remove())
      if (dialog.open) dialog.close()
      dialog.remove()
    },
  }
}

/**
 * Makes a thumbnail's link open its gallery's lightbox (on click, Enter or Space) instead of the
 * image's file. Returns what detaches it; the lightbox goes with its gallery's last thumbnail.
 */
export function attachLightboxTrigger(link: HTMLAnchorElement): () => void {
  const gallery = link.closest<HTMLElement>('[data-gallery]')
  if (!gallery) return () => {}
  const lightbox = lightboxes.get(gallery) ?? makeLightbox(gallery)
  lightboxes.set(gallery, lightbox)
  lightbox.users += 1
  link.setAttribute('aria-haspopup', 'dialog')
  const removers = [
    listen(link, 'click', (event) => {
      // A click that opens the image elsewhere (a new tab, a download) is the browser's.
      if (!followsInPlace(event, link)) return
      event.preventDefault()
      lightbox.open(link)
    }),
    // A link answers Enter by itself (as a click); Space is a button's key, which a thumbnail acts as.
    listen(link, 'keydown', (event) => {
      if (event.key !== ' ') return
      event.preventDefault()
      lightbox.open(link)
    }),
  ]
  return () => {
    removers.forEach((remove) => remove())
    link.removeAttribute('aria-haspopup')
    lightbox.users -= 1
    if (lightbox.users > 0) return
    lightbox.remove()
    lightboxes.delete(gallery)
  }
}
