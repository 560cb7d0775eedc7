// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Capped} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Capped.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/**
 * @title LOOP token
 * @notice The ERC-20 "LOOP" (18 decimals) of the LOOP marketplace, with EIP-2612 permit.
 * @dev Supply is created only by {mint}, only by accounts with {MINTER_ROLE} (the treasury; on
 * development chains also a faucet), and never above {MAX_SUPPLY} (one billion LOOP). There is no
 * burn. The admin ({DEFAULT_ADMIN_ROLE}) grants and revokes the minter role.
 */
contract LoopToken is ERC20Capped, ERC20Permit, AccessControl {
    /// @notice Role allowed to mint new LOOP.
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice Hard cap on the total supply: 1,000,000,000 LOOP (in wei, 18 decimals).
    uint256 public constant MAX_SUPPLY = 1_000_000_000 ether;

    string private constant NAME = "LOOP";
    string private constant SYMBOL = "LOOP";

    /// @dev The zero address was given where an account is required.
    error ZeroAddress();

    /**
     * @notice Deploys the token with no supply.
     * @param admin Account that receives {DEFAULT_ADMIN_ROLE} (grants {MINTER_ROLE}).
     */
    constructor(address admin) ERC20(NAME, SYMBOL) ERC20Capped(MAX_SUPPLY) ERC20Permit(NAME) {
        if (admin == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /**
     * @notice Mints `amount` wei of LOOP to `to`.
     * @dev Only {MINTER_ROLE}. Reverts with {ERC20ExceededCap} above {MAX_SUPPLY} and with
     * {ERC20InvalidReceiver} for the zero address.
     * @param to Receiver of the new tokens.
     * @param amount Amount in wei.
     */
    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    /// @inheritdoc ERC20Capped
    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Capped) {
        super._update(from, to, value);
    }
}
