import { loadState, queries, useQuery, useQueryClient, type Profile } from 'shared-kernel';

export type ProfileState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; profile: Profile };

export interface ProfileLoad {
  state: ProfileState;
  /** Puts the server's answer to a change in place of the profile shown (no reload). */
  setProfile: (profile: Profile) => void;
  retry: () => void;
}

/** The signed-in user's own profile. */
export function useProfile(): ProfileLoad {
  const client = useQueryClient();
  const query = useQuery(queries.profile());
  const load = loadState(query);
  return {
    state: load.status === 'ready' ? { status: 'ready', profile: load.data } : load,
    setProfile: (profile) => client.setQueryData(queries.profile().queryKey, profile),
    retry: () => void query.refetch(),
  };
}
