// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/**
 * @title Stand-in router, for tests only (never deployed by the deploy plan)
 * @notice Its swap pays a preset amount of a preset token (LOOP it holds) to `to`, so that a test
 * can choose the output exactly (e.g. a whole number of ledger units). After {arm} it instead
 * calls `target` with `data` and the coin it was sent (e.g. back into LoopZap) and bubbles up a
 * failure, so a test sees the reentrancy guard's error.
 */
contract TestRouter {
    address public target;
    bytes public data;
    IERC20 public token;
    uint256 public payout;

    /// @notice Pays `payout_` of `token_` from the next swaps.
    function setPayout(IERC20 token_, uint256 payout_) external {
        token = token_;
        payout = payout_;
    }

    /// @notice Calls `target_` with `data_` from the next swaps.
    function arm(address target_, bytes calldata data_) external {
        target = target_;
        data = data_;
    }

    /// @notice A wrapped coin's address (any non-zero address).
    // solhint-disable-next-line func-name-mixedcase
    function WETH() external view returns (address) {
        return address(this);
    }

    /// @notice Pays the preset output to `to`, or calls the armed target with the coin sent.
    function swapExactETHForTokens(uint256, address[] calldata, address to, uint256) external payable returns (uint256[] memory amounts) {
        amounts = new uint256[](2);
        amounts[0] = msg.value;
        if (target == address(0)) {
            amounts[1] = payout;
            // solhint-disable-next-line gas-custom-errors
            require(token.transfer(to, payout), "transfer failed");
            return amounts;
        }
        // solhint-disable-next-line avoid-low-level-calls
        (bool ok, bytes memory reason) = target.call{value: msg.value}(data);
        if (!ok) {
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                revert(add(reason, 0x20), mload(reason))
            }
        }
    }
}
