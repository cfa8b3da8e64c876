import type { Brand } from '@/brand/brand'
import { BrandMark } from '@/brand/BrandMark'
import type { Footer as FooterData, SiteSetting } from '@/payload-types'
import { openingHoursLine } from '@/content/businessHours'
import { hrefOf, linkText, telHref } from '@/content/fields/linkHref'

type Props = {
  footer: FooterData
  settings: SiteSetting
  /** The owner's logo goes before the business name; the site's own footer has no mark. */
  brand?: Brand
}

export function SiteFooter({ footer, settings, brand }: Props) {
  const { business } = settings
  const address = business.address
  const hours = openingHoursLine(business.openingHours, business.hoursNote)
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-contact">
          <p className="footer-brand">
            {brand?.logo ? <BrandMark brand={brand} /> : null}
            {business.name}
          </p>
          {address?.street ? (
            <address>
              {address.street}
              <br />
              {address.city}, {address.region} {address.postalCode}
              {business.phone ? (
                <>
                  <br />
                  <a href={telHref(business.phone)}>{business.phone}</a>
                </>
              ) : null}
              {business.email ? (
                <>
                  <br />
                  <a href={`mailto:${business.email}`}>{business.email}</a>
                </>
              ) : null}
            </address>
          ) : null}
          {hours ? (
            <p className="footer-hours">
              <span className="footer-hours-label">Hours:</span> {hours}
            </p>
          ) : null}
          {settings.chat?.provider === 'none' ? null : (
            <p>
              {/* Any .chat-button opens the chat widget (its stub listens for the click). */}
              <button type="button" className="chat-button footer-chat-button">
                Chat with us
              </button>
            </p>
          )}
        </div>
        {(footer.columns ?? []).map((column, i) => (
          <nav key={column.id ?? i} aria-label={column.heading} className="footer-column">
            <p className="footer-heading">{column.heading}</p>
            <ul>
              {(column.links ?? []).map((entry, e) => {
                const href = hrefOf(entry.link, business)
                return href ? (
                  <li key={entry.id ?? e}>
                    <a href={href}>{linkText(entry.link, business)}</a>
                  </li>
                ) : null
              })}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container">
        {footer.note ? <p className="footer-note">{footer.note}</p> : null}
        <p className="footer-note">
          <button type="button" className="footer-privacy-choices" data-consent-open>
            Privacy choices
          </button>
        </p>
      </div>
    </footer>
  )
}
