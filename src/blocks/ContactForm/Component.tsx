import type { CaptchaConfig } from '@/contact/captchaWidget'
import { getSiteSettings } from '@/cms/queries'
import { CmsForm } from '@/forms/render/CmsForm'
import type { ContactFormBlock as ContactFormBlockData, Form } from '@/payload-types'

async function captchaFor(form: Form): Promise<CaptchaConfig | null> {
  if (!form.captcha) return null
  const { captcha } = await getSiteSettings()
  const provider = captcha?.provider ?? 'altcha'
  if (provider === 'none') return null
  return { provider, siteKey: captcha?.siteKey ?? null }
}

export async function ContactFormBlock({ block }: { block: ContactFormBlockData }) {
  const form = typeof block.form === 'object' ? block.form : null
  if (!form) return null
  const captcha = await captchaFor(form)
  return (
    <div className="container container--narrow">
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      <CmsForm form={form} captcha={captcha} />
    </div>
  )
}
