// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/**
 * @title Malicious ERC-20, for tests only (never deployed by the deploy plan)
 * @notice On every transfer after {arm}, calls `target` with `data` (e.g. back into the
 * marketplace or the vault) and bubbles up a failure, so a test sees the reentrancy guard's error.
 */
contract ReentrantToken is ERC20, ERC20Permit {
    address public target;
    bytes public data;
    bool private _inHook;

    constructor() ERC20("Reentrant", "REENT") ERC20Permit("Reentrant") {}

    /// @notice Mints freely (test token).
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Calls `target_` with `data_` on the next transfers.
    function arm(address target_, bytes calldata data_) external {
        target = target_;
        data = data_;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (target == address(0) || _inHook) return;
        _inHook = true;
        // solhint-disable-next-line avoid-low-level-calls
        (bool ok, bytes memory reason) = target.call(data);
        _inHook = false;
        if (!ok) {
            // solhint-disable-next-line no-inline-assembly
            assembly ("memory-safe") {
                revert(add(reason, 0x20), mload(reason))
            }
        }
    }
}
