import { useNavigate, useSearch } from '@tanstack/react-router'

/** The screens with a submission drawer; each route's search schema has `submissionId`. */
type From = '/$slug/admin/dashboard' | '/$slug/admin/submissions'

/** The open submission lives in the URL (`?submissionId=`): back closes it, a link opens it. */
export function useOpenSubmission(from: From) {
  const { submissionId } = useSearch({ from })
  const navigate = useNavigate({ from })
  const setOpen = (id: string | null) =>
    void navigate({ search: (prev) => ({ ...prev, submissionId: id ?? undefined }) })
  return [submissionId ?? null, setOpen] as const
}
