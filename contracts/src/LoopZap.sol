// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IUniswapV2Router} from "./IUniswapV2Router.sol";
import {LoopVault} from "./LoopVault.sol";

/**
 * @title LOOP zap: buy LOOP with the native coin and deposit it into the vault, in one transaction
 * @notice A member pays ETH (BNB on BSC); the chain's Uniswap-V2-compatible router swaps it for LOOP
 * through the LOOP/WETH pool, and the LOOP goes straight into {LoopVault} for the member's in-app
 * account (`accountRef`), so the platform credits it as any deposit ({LoopVault-Deposited}).
 * @dev Holds nothing between transactions and has no owner: every call swaps exactly the coin it is
 * sent, deposits what the pool gave (approving the vault for exactly that, which the vault uses up),
 * and sends the remainder below one ledger unit (the vault takes whole ledger units only, less than
 * 10^-8 LOOP) back to the caller. The router checks the slippage bound (`minLoopOut`) and the
 * deadline, so a front-run that moves the price below the bound reverts the whole call and the
 * caller keeps the coin. It accepts no plain coin transfers (no `receive`): the exact-input swap
 * never sends any back.
 */
contract LoopZap is ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @dev Length of the swap path: wrapped native coin, then LOOP.
    uint256 private constant PATH_LENGTH = 2;

    /// @notice The Uniswap-V2-compatible router (UniswapV2Router02, PancakeRouter).
    IUniswapV2Router public immutable router;
    /// @notice The vault that credits the deposits.
    LoopVault public immutable vault;
    /// @notice The LOOP token (the vault's token).
    IERC20 public immutable token;
    /// @notice The wrapped native coin the router swaps through (its `WETH()`).
    address public immutable weth;
    /// @notice The vault's ledger unit in wei: deposits are whole multiples of it.
    uint256 public immutable ledgerUnit;

    /**
     * @notice `buyer` paid `ethIn` wei of the native coin for `loopOut` wei of LOOP and deposited
     * `deposited` wei of it for the in-app account `accountRef`; the rest (`loopOut - deposited`,
     * less than one ledger unit) went back to `buyer`.
     */
    event SwappedAndDeposited(address indexed buyer, bytes32 indexed accountRef, uint256 ethIn, uint256 loopOut, uint256 deposited);

    /// @dev The zero address was given for the router or the vault.
    error ZeroAddress();
    /// @dev The call sent no native coin.
    error ZeroAmount();
    /// @dev A deposit without an account reference.
    error ZeroAccountRef();
    /// @dev The swap gave `loopOut` wei, less than one ledger unit: nothing to deposit.
    error DepositTooSmall(uint256 loopOut);

    /**
     * @dev Reads the token and the ledger unit from the vault and the wrapped coin from the router.
     * @param router_ The chain's Uniswap-V2-compatible router.
     * @param vault_ The LOOP vault.
     */
    constructor(IUniswapV2Router router_, LoopVault vault_) {
        if (address(router_) == address(0) || address(vault_) == address(0)) revert ZeroAddress();
        router = router_;
        vault = vault_;
        token = vault_.token();
        weth = router_.WETH();
        ledgerUnit = vault_.WEI_PER_LEDGER_UNIT();
    }

    /**
     * @notice Swaps all the native coin sent for LOOP and deposits it into the vault for the in-app
     * account `accountRef`, in this one transaction.
     * @dev Reverts with the router's `UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT` when the pool would
     * give less than `minLoopOut` (e.g. after a front-run), `UniswapV2Router: EXPIRED` after
     * `deadline`, and the vault's errors when it refuses the deposit (e.g. paused); then nothing is
     * spent. Emits {SwappedAndDeposited}, and the vault {LoopVault-Deposited} (from this contract).
     * @param accountRef Opaque reference of the member's in-app account (as for {LoopVault-deposit}), not zero.
     * @param minLoopOut Least LOOP, in wei, the swap must give (the quote less the slippage allowed).
     * @param deadline Last second (block timestamp) the swap may run.
     * @return deposited The LOOP, in wei, deposited for `accountRef`.
     */
    function swapEthAndDeposit(
        bytes32 accountRef,
        uint256 minLoopOut,
        uint256 deadline
    ) external payable nonReentrant returns (uint256 deposited) {
        if (msg.value == 0) revert ZeroAmount();
        if (accountRef == bytes32(0)) revert ZeroAccountRef();
        address[] memory path = new address[](PATH_LENGTH);
        path[0] = weth;
        path[1] = address(token);
        uint256[] memory amounts = router.swapExactETHForTokens{value: msg.value}(minLoopOut, path, address(this), deadline);
        uint256 loopOut = amounts[PATH_LENGTH - 1];
        uint256 remainder = loopOut % ledgerUnit;
        deposited = loopOut - remainder;
        if (deposited == 0) revert DepositTooSmall(loopOut);
        emit SwappedAndDeposited(msg.sender, accountRef, msg.value, loopOut, deposited);
        token.forceApprove(address(vault), deposited);
        vault.deposit(deposited, accountRef);
        if (remainder != 0) token.safeTransfer(msg.sender, remainder);
    }
}
