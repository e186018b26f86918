import { useTranslation } from 'react-i18next'

/**
 * A YouTube or Vimeo address as its embed address (youtube-nocookie: no tracking cookies until
 * played; Vimeo's player with do-not-track). null: not a video address we know how to embed.
 */
export function videoEmbedUrl(url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  const host = u.hostname.replace(/^(www\.|m\.)/, '')
  const id = (s: string | null | undefined) => (s && /^[\w-]{6,20}$/.test(s) ? s : null)
  if (host === 'youtu.be') {
    const v = id(u.pathname.split('/')[1])
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null
  }
  if (host === 'youtube.com') {
    const parts = u.pathname.split('/')
    const v = parts[1] === 'watch' ? id(u.searchParams.get('v')) : id(parts[2])
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const v = u.pathname.split('/').find((p) => /^\d{5,12}$/.test(p))
    return v ? `https://player.vimeo.com/video/${v}?dnt=1` : null
  }
  return null
}

/** The module's video, embedded (16:9); an address that cannot be embedded says so. */
export function VideoEmbed({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation()
  const src = videoEmbedUrl(url)
  if (!src) return <p className="text-sm text-muted">{t('grow.videoNoPreview')}</p>
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl border border-line bg-black">
      <iframe
        data-testid="video-embed"
        src={src}
        title={title}
        className="size-full"
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  )
}
