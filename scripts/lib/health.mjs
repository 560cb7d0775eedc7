// Readiness probes.

/** True when GET url answers 2xx within the timeout. */
export async function httpOk(url, timeoutMs = 2000) {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
  await response.body?.cancel();
  return response.status >= 200 && response.status < 300;
}

/** The chain id an Ethereum JSON-RPC endpoint reports. */
export async function rpcChainId(url, timeoutMs = 2000) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await response.json();
  return Number(BigInt(body.result));
}
