// The extension and accept rules.
import { describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../messages'
import { check, expectAccepted, expectRejected } from '../testing/samples'

describe('extension', () => {
  it('accepts png, jpg, jpeg and gif by default, in any case', () => {
    expectAccepted('extension', ['photo.png', 'photo.JPG', 'photo.jpeg', 'scan.Gif', 'archive.tar.png'])
  })

  it('looks only at the file name of a path', () => {
    expectAccepted('extension', ['C:\\fakepath\\photo.jpg', 'uploads/2024/photo.png'])
    expectRejected('extension', ['photos.png/readme', 'C:\\photo.png\\notes'])
  })

  it('rejects other extensions and names without one', () => {
    expectRejected('extension', ['deed.pdf', 'png', '.png', 'photo.png.exe', 'photojpg', 'photo.'])
  })

  it('uses the extensions from its parameter, separated by | or ,', () => {
    expectAccepted('extension', ['deed.pdf', 'Deed.PDF', 'notes.docx'], 'pdf|docx')
    expectAccepted('extension', ['backup.tar.gz', 'deed.pdf'], '.pdf, .tar.gz')
    expectRejected('extension', ['deed.doc', 'photo.png', 'backup.gz'], 'pdf, tar.gz')
  })

  it('lists the allowed extensions in its message', () => {
    expect(check('extension', 'x.exe')).toBe('Please choose a file with one of these extensions: png, jpeg, jpg, gif.')
    expect(check('extension', 'x.exe', 'pdf|docx?')).toBe(formatMessage(MESSAGES.extension, 'pdf, docx, doc'))
  })

  it('accepts Unicode and emoji file names', () => {
    expectAccepted('extension', ['naïve résumé.pdf', '😀.pdf'], 'pdf')
  })
})

describe('accept', () => {
  const types = 'image/*,application/pdf'

  it('accepts MIME types matched exactly or by a wildcard', () => {
    expectAccepted('accept', ['image/png', 'image/svg+xml', 'application/pdf'], types)
  })

  it('ignores case and MIME parameters', () => {
    expectAccepted('accept', ['IMAGE/JPEG', 'application/pdf; charset=binary'], types)
  })

  it('rejects types outside the list', () => {
    expectRejected('accept', ['application/zip', 'text/plain', 'application/pdfx', 'imagex/png'], types)
  })

  it('rejects values that are not MIME types', () => {
    expectRejected('accept', ['image', 'image/', '/png', 'photo.png', 'image/pngé', 'image/😀'], types)
  })

  it('accepts images only when no parameter is given', () => {
    expectAccepted('accept', ['image/gif'])
    expectRejected('accept', ['application/pdf'])
  })

  it('accepts any well-formed type for */*', () => {
    expectAccepted('accept', ['application/octet-stream'], '*/*')
    expectRejected('accept', ['not a type'], '*/*')
  })

  it('lists the accepted types in its message', () => {
    expect(check('accept', 'text/plain', types)).toBe(
      'Please choose a file of one of these types: image/*, application/pdf.',
    )
  })
})
