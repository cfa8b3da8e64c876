import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ResponsiveTable } from './ResponsiveTable'

const render = () =>
  renderToStaticMarkup(
    createElement(ResponsiveTable, {
      caption: 'Fees',
      headers: ['Service', 'Fee'],
      rows: [
        ['Owner search', '$95'],
        ['Full search', '$175'],
      ],
    }),
  )

describe('responsive table', () => {
  it('renders each row as its own definition list, column header as term and cell as definition', () => {
    const html = render()
    const lists = html.match(/<dl>.*?<\/dl>/g) ?? []
    expect(lists).toHaveLength(2)
    expect(lists[0]).toBe(
      '<dl><div class="rt-pair"><dt>Service</dt><dd>Owner search</dd></div><div class="rt-pair"><dt>Fee</dt><dd>$95</dd></div></dl>',
    )
    expect(lists[1]).toContain('<dt>Fee</dt><dd>$175</dd>')
  })

  it('renders the same data as a table with column and row headers', () => {
    const html = render()
    expect(html).toContain('<caption>Fees</caption>')
    expect(html).toContain('<th scope="col">Service</th><th scope="col">Fee</th>')
    expect(html).toContain('<tr><th scope="row">Full search</th><td>$175</td></tr>')
  })
})
