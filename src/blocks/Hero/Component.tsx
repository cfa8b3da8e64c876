import type { HeroBlock as HeroBlockData } from '@/payload-types'
import { CmsLink } from '../CmsLink'
import { MediaImage } from '../Media'

export function HeroBlock({ block, isFirst }: { block: HeroBlockData; isFirst: boolean }) {
  const Heading = isFirst ? 'h1' : 'h2'
  const hasImage = Boolean(block.image && typeof block.image === 'object')
  return (
    <div className={`hero${hasImage ? ' hero--image' : ''}`}>
      <div className="container hero-inner">
        <div className="hero-text">
          <Heading className="hero-heading">{block.heading}</Heading>
          {block.text ? <p className="hero-lead">{block.text}</p> : null}
          {block.actions?.length ? (
            <p className="hero-actions">
              {block.actions.map((action, i) => (
                <CmsLink
                  key={action.id ?? i}
                  link={action.link}
                  className={i === 0 ? 'button' : 'button button--ghost'}
                />
              ))}
            </p>
          ) : null}
        </div>
        {hasImage ? (
          <MediaImage
            media={block.image}
            className="hero-image"
            sizes="(min-width: 1024px) 560px, 100vw"
            priority={isFirst}
          />
        ) : null}
      </div>
    </div>
  )
}
