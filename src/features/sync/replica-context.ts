import { createContext, useContext } from 'react'
import type { ReplicaDb } from '../../local-db/db'

export type Replica = { db: ReplicaDb; orgId: string; salonId: string; employeeId: string }
export const ReplicaContext = createContext<Replica | null>(null)

/** The replica of the signed-in employee's current branch; null when nobody is signed in. */
export const useReplica = () => useContext(ReplicaContext)
