import { useMediaQuery } from '../../ui/use-media-query'

/** Below the responsive breakpoint (768 px) the side navigation collapses to 45 px (spec §9). */
export const useNarrow = () => useMediaQuery('(max-width: 767.98px)')
