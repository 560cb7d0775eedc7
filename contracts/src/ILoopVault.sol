// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/**
 * @title What LoopMarketplace calls on LoopVault
 * @notice The marketplace pays the sale proceeds of a seller without a wallet (the quote's or the
 * offer's seller is the vault) into the vault's reserve, which backs the seller's in-app credit.
 */
interface ILoopVault {
    /**
     * @notice Pulls `amount` wei (approved by the caller beforehand) into the reserve.
     * @param amount The sale proceeds, in wei.
     */
    function creditReserve(uint256 amount) external;
}
