// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/**
 * @notice An EIP-2612 permit signed by the caller for the contract it calls, passed along with a
 * call that pulls tokens (so that approval and payment are one transaction).
 * @param value Allowance the permit grants (at least the amount the call pulls).
 * @param deadline Last second the permit is valid.
 * @param v Signature `v`.
 * @param r Signature `r`.
 * @param s Signature `s`.
 */
struct PermitInput {
    uint256 value;
    uint256 deadline;
    uint8 v;
    bytes32 r;
    bytes32 s;
}
