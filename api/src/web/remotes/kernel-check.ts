/**
 * The host's side of the kernel contract (issue 29) for the API: a remote release whose recorded
 * kernel range or imports the API's kernel — the one its server builds run with — cannot satisfy is
 * refused, with the kernel's own rule (shared-kernel's kernel-contract.ts, which the shell applies in
 * the browser).
 */
export interface KernelCheck {
  /** Why the release described by this `mf-manifest.json` is refused, or null. */
  manifest(remote: string, manifest: unknown): string | null;
  /** Why a server build with this recorded contract is refused, or null. */
  server(remote: string, contract: unknown): string | null;
}

export async function apiKernelCheck(): Promise<KernelCheck> {
  const kernel = await import('shared-kernel');
  const host = kernel.hostKernel();
  return {
    manifest: (remote, manifest) => kernel.kernelContractProblem(remote, kernel.kernelContractOfManifest(manifest), host),
    // A release's server manifest always records its contract: one without is refused too.
    server: (remote, contract) => {
      const parsed = kernel.parseKernelContract(contract);
      return parsed
        ? kernel.kernelContractProblem(remote, parsed, host)
        : `Module distant « ${remote} » refusé : son build serveur n'indique pas la version du noyau.`;
    },
  };
}
