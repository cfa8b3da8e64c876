import type { CallToActionBlock as CallToActionBlockData } from '@/payload-types'
import { CmsLink } from '../CmsLink'

export function CallToActionBlock({ block }: { block: CallToActionBlockData }) {
  return (
    <div className="container">
      <div className="cta-band">
        <div>
          <h2 className="cta-heading">{block.heading}</h2>
          {block.text ? <p>{block.text}</p> : null}
        </div>
        <CmsLink link={block.link} className="button button--light" />
      </div>
    </div>
  )
}
