// Uniswap V2 as its npm packages ship it: the build JSON (ABI + bytecode) of @uniswap/v2-core 1.0.1
// and @uniswap/v2-periphery 1.1.0-beta.0, deployed as they are on the local chain (never compiled
// here). UniswapV2Router02 computes pair addresses with a hard-coded init-code hash: it must be the
// keccak256 of the UniswapV2Pair creation code that this factory build deploys
// (test/uniswap-v2.test.ts checks it and swaps through the router).
import type { Abi, Hex } from "viem";
import factoryBuild from "@uniswap/v2-core/build/UniswapV2Factory.json";
import pairBuild from "@uniswap/v2-core/build/UniswapV2Pair.json";
import routerBuild from "@uniswap/v2-periphery/build/UniswapV2Router02.json";
import weth9Build from "@uniswap/v2-periphery/build/WETH9.json";

export interface UniswapBuild {
  /** The contract's name in its package (the manifest's `contract`). */
  contract: string;
  /** Where it comes from (package/build/<name>.json). */
  source: string;
  abi: Abi;
  bytecode: Hex;
}

function build(contract: string, source: string, json: { abi: unknown; bytecode: string }): UniswapBuild {
  const bytecode = (json.bytecode.startsWith("0x") ? json.bytecode : `0x${json.bytecode}`) as Hex;
  return { contract, source, abi: json.abi as Abi, bytecode };
}

export const WETH9 = build("WETH9", "@uniswap/v2-periphery/build/WETH9.json", weth9Build);
export const UNISWAP_V2_FACTORY = build("UniswapV2Factory", "@uniswap/v2-core/build/UniswapV2Factory.json", factoryBuild);
export const UNISWAP_V2_ROUTER = build("UniswapV2Router02", "@uniswap/v2-periphery/build/UniswapV2Router02.json", routerBuild);
export const UNISWAP_V2_PAIR = build("UniswapV2Pair", "@uniswap/v2-core/build/UniswapV2Pair.json", pairBuild);

/** The pair init-code hash UniswapV2Router02 (UniswapV2Library.pairFor) has compiled in. */
export const ROUTER_PAIR_INIT_CODE_HASH: Hex = "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";
