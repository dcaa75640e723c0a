import type { StudioCatalogueAnswer } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { saveStudioCatalogue, studioCatalogueQuery, studioKeys } from '../api/studio-api';

/**
 * The catalogue (topic groups, the topics' order, the grants) as the author changes it: changes
 * stay here until saved; a save from a stale read (409) drops them, says so and reloads.
 */
export function useCatalogue() {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const query = useQuery(studioCatalogueQuery(org.alias, viewer));
  const [edited, setEdited] = useState<StudioCatalogueAnswer | null>(null);
  const [wasStale, setWasStale] = useState(false);
  const save = useMutation({
    mutationFn: (catalogue: StudioCatalogueAnswer) => saveStudioCatalogue(org.alias, catalogue),
    onSuccess: (answer) => {
      queryClient.setQueryData(studioKeys.catalogue(org.alias, viewer), answer);
      setEdited(null);
      void queryClient.invalidateQueries({ queryKey: studioKeys.topics(org.alias, viewer) });
    },
    onError: (error) => {
      if (!isApiError(error, 409)) return;
      setEdited(null);
      setWasStale(true);
      void query.refetch();
    },
  });
  const catalogue = edited ?? query.data;
  return {
    query,
    catalogue,
    isChanged: edited !== null,
    /** A 409 dropped the author's changes: the catalogue shown is the one saved since. */
    wasStale,
    change: (next: StudioCatalogueAnswer) => {
      setWasStale(false);
      save.reset();
      setEdited(next);
    },
    discard: () => {
      save.reset();
      setEdited(null);
    },
    save: () => {
      setWasStale(false);
      if (edited) save.mutate(edited);
    },
    /** Saves `next` at once (a grant ticked in the topic's settings). */
    saveNow: (next: StudioCatalogueAnswer) => {
      setWasStale(false);
      setEdited(next);
      save.mutate(next);
    },
    saving: save.isPending,
    saveError: save.isError && !isApiError(save.error, 409) ? save.error : null,
  };
}

export type CatalogueEditor = ReturnType<typeof useCatalogue>;
