import { useMediaQuery } from '../../ui'

/** Spec §9 names 1200 px as a layout threshold: from there the preview sits beside the editor. */
export const useWide = () => useMediaQuery('(min-width: 1200px)')
