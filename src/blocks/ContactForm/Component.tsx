import { getPublicSiteSettings } from '@/content/queries'
import { captchaConfigFor } from '@/contact/captchaConfig'
import { CmsForm } from '@/contact/form/CmsForm'
import type { ContactFormBlock as ContactFormBlockData } from '@/payload-types'

export async function ContactFormBlock({ block }: { block: ContactFormBlockData }) {
  const form = typeof block.form === 'object' ? block.form : null
  if (!form) return null
  const captcha = form.captcha ? captchaConfigFor(form, await getPublicSiteSettings()) : null
  return (
    <div className="container container--narrow">
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      <CmsForm form={form} captcha={captcha} />
    </div>
  )
}
