import { useNavigate, useSearch } from '@tanstack/react-router'

/** The open submission lives in the URL (`?submissionId=`): back closes it, a link opens it. */
export function useOpenSubmission() {
  const search = useSearch({ strict: false }) as { submissionId?: string }
  const navigate = useNavigate()
  const setOpen = (submissionId: string | null) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, submissionId: submissionId ?? undefined }),
    } as never)
  return [search.submissionId ?? null, setOpen] as const
}
