// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/**
 * @title What LoopZap calls on a Uniswap-V2-compatible router
 * @notice The part of `UniswapV2Router02` (Uniswap V2 on Ethereum, PancakeSwap V2 on BSC: the same
 * interface) that LoopZap uses. The router itself is deployed from its own build, never compiled here.
 */
interface IUniswapV2Router {
    /**
     * @notice The chain's wrapped native coin (WETH on Ethereum, WBNB on BSC) the router swaps through.
     * @return The wrapped coin's address.
     */
    // solhint-disable-next-line func-name-mixedcase
    function WETH() external view returns (address);

    /**
     * @notice Swaps all the native coin sent for at least `amountOutMin` of the last token of `path`,
     * sent to `to`; reverts once `deadline` has passed or when the output would be less.
     * @param amountOutMin Least output accepted.
     * @param path Token addresses, the first the wrapped native coin.
     * @param to Receiver of the output.
     * @param deadline Last second (block timestamp) the swap may run.
     * @return amounts The input and the amount of each token along `path` (the last is the output).
     */
    function swapExactETHForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable returns (uint256[] memory amounts);
}
