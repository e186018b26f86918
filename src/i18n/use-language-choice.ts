import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../contract/enums'
import { setLanguage } from '.'

/**
 * The language a picker shows, and how to choose one. A language's texts load when it is first
 * shown (./index.ts), so the picker marks the choice at once instead of when the texts arrive: a
 * tap is seen to land, and the screen follows a moment later.
 */
export function useLanguageChoice(): [Language, (language: Language) => Promise<void>] {
  const { i18n } = useTranslation()
  const [chosen, setChosen] = useState<Language | null>(null)
  const shown: Language = i18n.language === 'en' ? 'en' : 'nl'
  const choose = async (language: Language) => {
    setChosen(language)
    try {
      await setLanguage(language)
    } finally {
      setChosen(null)
    }
  }
  return [chosen ?? shown, choose]
}
