// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {PermitInput} from "./PermitInput.sol";

/**
 * @title LOOP vault
 * @notice Holds the platform's fees and the on-chain reserve behind the in-app LOOP balances.
 * Deposits credit an in-app account (named by an opaque `accountRef`); the platform's operator
 * pays withdrawals out of the reserve, each withdrawal id once, and at most {payoutLimit} wei per
 * payout period ({PAYOUT_PERIOD}), so that a stolen operator key can take at most one period's limit.
 * @dev LOOP that backs in-app balances is reserve, always: deposits, the treasury's funding
 * ({fundReserve}) and the sale proceeds of sellers without a wallet, which the marketplace pays in
 * through {creditReserve}. Everything else the vault holds counts as fees: the marketplace sends its
 * fees here with plain transfers. Amounts that cross into or out of the in-app ledger must be whole
 * ledger units (10^-8 LOOP = 10^10 wei), so that bridging converts exactly.
 *
 * Payout periods are fixed windows of {PAYOUT_PERIOD} seconds counted from the Unix epoch (period
 * `block.timestamp / PAYOUT_PERIOD`; with one day, each starts at 00:00 UTC). A fixed window is one
 * counter per period, simple to audit ({paidOutInPeriod}); its cost is that up to twice the limit can
 * leave around a period's boundary (the end of one period and the start of the next).
 */
contract LoopVault is AccessControl, Pausable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice Role that pays withdrawals out ({payout}).
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice Role of the marketplace: pays the sale proceeds of sellers without a wallet into the reserve ({creditReserve}).
    bytes32 public constant MARKETPLACE_ROLE = keccak256("MARKETPLACE_ROLE");

    /// @notice Length of a payout period, in seconds: {payoutLimit} applies to each period.
    uint256 public constant PAYOUT_PERIOD = 1 days;

    /// @notice Wei per in-app ledger unit (the ledger counts 10^-8 LOOP; the token has 18 decimals).
    uint256 public constant WEI_PER_LEDGER_UNIT = 1e10;

    /// @notice The LOOP token.
    IERC20 public immutable token;

    /// @notice Tokens that back in-app balances: deposits and funding, less payouts.
    uint256 public reserve;

    /// @notice Most wei {payout} may pay out within one payout period. Set by the admin ({setPayoutLimit}).
    uint256 public payoutLimit;

    /// @notice Whether a withdrawal id has been paid.
    mapping(bytes32 withdrawalId => bool paid) public withdrawalPaid;

    /// @notice Wei paid out within each payout period (`period` = block timestamp / {PAYOUT_PERIOD}).
    mapping(uint256 period => uint256 paid) public paidOutInPeriod;

    /// @notice `from` deposited `amount` wei for the in-app account `accountRef`.
    event Deposited(address indexed from, bytes32 indexed accountRef, uint256 amount);
    /// @notice The operator paid withdrawal `withdrawalId`: `amount` wei to `to`.
    event PaidOut(bytes32 indexed withdrawalId, address indexed to, uint256 amount);
    /// @notice `from` added `amount` wei to the reserve without crediting an in-app account.
    event ReserveFunded(address indexed from, uint256 amount);
    /// @notice The admin moved `amount` wei of fees to `to`.
    event FeesWithdrawn(address indexed to, uint256 amount);
    /// @notice The marketplace `from` paid `amount` wei of a seller's sale proceeds into the reserve (the seller is credited in app).
    event ReserveCredited(address indexed from, uint256 amount);
    /// @notice The payout limit per period changed from `previousLimit` to `newLimit` wei.
    event PayoutLimitChanged(uint256 previousLimit, uint256 newLimit);

    /// @dev The zero address was given where an account is required.
    error ZeroAddress();
    /// @dev An amount of zero.
    error ZeroAmount();
    /// @dev `amount` is not a whole number of ledger units.
    error NotWholeLedgerUnits(uint256 amount);
    /// @dev A deposit without an account reference.
    error ZeroAccountRef();
    /// @dev A zero withdrawal id.
    error ZeroWithdrawalId();
    /// @dev The withdrawal `withdrawalId` was paid already.
    error WithdrawalAlreadyPaid(bytes32 withdrawalId);
    /// @dev The reserve holds `available` wei, less than the `requested` payout.
    error InsufficientReserve(uint256 requested, uint256 available);
    /// @dev The fees are `available` wei, less than the `requested` withdrawal.
    error InsufficientFees(uint256 requested, uint256 available);
    /// @dev The payout of `requested` wei would pass this period's limit, which leaves `remainingInPeriod`
    /// wei until the period ends at `periodEndsAt` (a timestamp, seconds).
    error PayoutLimitExceeded(uint256 requested, uint256 remainingInPeriod, uint256 periodEndsAt);

    /**
     * @dev Emits {PayoutLimitChanged} from 0 to `payoutLimit_`.
     * @param token_ The LOOP token.
     * @param admin Account that receives {DEFAULT_ADMIN_ROLE}: pauses, withdraws fees, sets the payout limit, grants roles.
     * @param payoutLimit_ Most wei that may be paid out per payout period ({payoutLimit}).
     */
    constructor(IERC20 token_, address admin, uint256 payoutLimit_) {
        if (address(token_) == address(0) || admin == address(0)) revert ZeroAddress();
        token = token_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _setPayoutLimit(payoutLimit_);
    }

    /**
     * @notice Deposits `amount` wei of LOOP (approved beforehand) for the in-app account `accountRef`.
     * @param amount Whole ledger units, in wei.
     * @param accountRef Opaque reference of the in-app account (derived by the API), not zero.
     */
    function deposit(uint256 amount, bytes32 accountRef) external nonReentrant whenNotPaused {
        _deposit(amount, accountRef);
    }

    /**
     * @notice {deposit} with an EIP-2612 permit for the vault, in the same transaction.
     * @dev A permit that fails (e.g. already used by a front-runner) is ignored; the transfer then
     * needs the allowance to exist.
     * @param amount Whole ledger units, in wei.
     * @param accountRef Opaque reference of the in-app account, not zero.
     * @param permit The permit signed by the caller for this vault.
     */
    function depositWithPermit(uint256 amount, bytes32 accountRef, PermitInput calldata permit) external nonReentrant whenNotPaused {
        _permit(permit);
        _deposit(amount, accountRef);
    }

    /**
     * @notice Adds `amount` wei of LOOP (approved beforehand) to the reserve, crediting no in-app
     * account: how the treasury backs rewards issued in the app.
     * @param amount Whole ledger units, in wei.
     */
    function fundReserve(uint256 amount) external nonReentrant whenNotPaused {
        _checkLedgerAmount(amount);
        reserve += amount;
        emit ReserveFunded(msg.sender, amount);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    /**
     * @notice Pays the sale proceeds of a seller without a wallet into the reserve: the marketplace
     * pays `amount` wei (approved beforehand) where the seller is this vault, and the platform
     * credits the seller in app. Without this, the proceeds would count as fees.
     * @dev Only {MARKETPLACE_ROLE}. Works while paused (LOOP only comes in), so that a paused vault
     * never holds up the marketplace's escrow. Any amount above zero: the marketplace's prices are
     * whole ledger units, and any part of one only backs the ledger more.
     * @param amount The proceeds, in wei.
     */
    function creditReserve(uint256 amount) external nonReentrant onlyRole(MARKETPLACE_ROLE) {
        if (amount == 0) revert ZeroAmount();
        reserve += amount;
        emit ReserveCredited(msg.sender, amount);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    /**
     * @notice Pays the in-app withdrawal `withdrawalId` out of the reserve: `amount` wei to `to`.
     * @dev Only {OPERATOR_ROLE}; each withdrawal id once; at most what {payoutLimit} leaves of the
     * current payout period ({payoutAllowance}).
     * @param to Receiver.
     * @param amount Whole ledger units, in wei, at most {reserve} and at most the period's remaining limit.
     * @param withdrawalId The API's id of the withdrawal, not zero.
     */
    function payout(address to, uint256 amount, bytes32 withdrawalId) external nonReentrant onlyRole(OPERATOR_ROLE) whenNotPaused {
        if (to == address(0)) revert ZeroAddress();
        if (withdrawalId == bytes32(0)) revert ZeroWithdrawalId();
        if (withdrawalPaid[withdrawalId]) revert WithdrawalAlreadyPaid(withdrawalId);
        _checkLedgerAmount(amount);
        uint256 available = reserve;
        if (amount > available) revert InsufficientReserve(amount, available);
        uint256 period = block.timestamp / PAYOUT_PERIOD;
        uint256 paid = paidOutInPeriod[period];
        uint256 remaining = _remaining(paid);
        if (amount > remaining) revert PayoutLimitExceeded(amount, remaining, (period + 1) * PAYOUT_PERIOD);
        withdrawalPaid[withdrawalId] = true;
        paidOutInPeriod[period] = paid + amount;
        reserve = available - amount;
        emit PaidOut(withdrawalId, to, amount);
        token.safeTransfer(to, amount);
    }

    /**
     * @notice Sets the most wei {payout} may pay out per payout period; it applies at once, to the
     * current period too (what was paid in it still counts).
     * @dev Only {DEFAULT_ADMIN_ROLE}: never the operator, whose key is the one kept online. Works
     * while paused. Emits {PayoutLimitChanged}. Zero stops payouts.
     * @param newLimit Wei per period.
     */
    function setPayoutLimit(uint256 newLimit) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setPayoutLimit(newLimit);
    }

    /**
     * @notice Moves `amount` wei of collected fees to `to` (e.g. the treasury).
     * @dev Only {DEFAULT_ADMIN_ROLE}. Never touches the reserve.
     * @param to Receiver.
     * @param amount At most {fees}.
     */
    function withdrawFees(address to, uint256 amount) external nonReentrant onlyRole(DEFAULT_ADMIN_ROLE) {
        if (to == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        uint256 available = fees();
        if (amount > available) revert InsufficientFees(amount, available);
        emit FeesWithdrawn(to, amount);
        token.safeTransfer(to, amount);
    }

    /// @notice Stops deposits, reserve funding and payouts. Only {DEFAULT_ADMIN_ROLE}.
    function pause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _pause();
    }

    /// @notice Resumes deposits, reserve funding and payouts. Only {DEFAULT_ADMIN_ROLE}.
    function unpause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _unpause();
    }

    /// @notice Fees held: everything in the vault beyond the reserve, in wei.
    function fees() public view returns (uint256) {
        return token.balanceOf(address(this)) - reserve;
    }

    /**
     * @notice What {payout} may still pay out in the current payout period, and when that period ends.
     * @return remaining Wei that {payoutLimit} leaves in the current period.
     * @return periodEndsAt The first second (block timestamp) of the next period, when the count starts again.
     */
    function payoutAllowance() external view returns (uint256 remaining, uint256 periodEndsAt) {
        uint256 period = block.timestamp / PAYOUT_PERIOD;
        return (_remaining(paidOutInPeriod[period]), (period + 1) * PAYOUT_PERIOD);
    }

    function _setPayoutLimit(uint256 newLimit) private {
        uint256 previousLimit = payoutLimit;
        payoutLimit = newLimit;
        emit PayoutLimitChanged(previousLimit, newLimit);
    }

    /// @dev What the limit leaves after `paid` wei in a period (0 when a lowered limit is below it).
    function _remaining(uint256 paid) private view returns (uint256) {
        uint256 limit = payoutLimit;
        return paid >= limit ? 0 : limit - paid;
    }

    function _deposit(uint256 amount, bytes32 accountRef) private {
        if (accountRef == bytes32(0)) revert ZeroAccountRef();
        _checkLedgerAmount(amount);
        reserve += amount;
        emit Deposited(msg.sender, accountRef, amount);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    function _permit(PermitInput calldata permit) private {
        // A front-runner may have used the permit already; the allowance is what counts.
        // solhint-disable-next-line no-empty-blocks
        try IERC20Permit(address(token)).permit(msg.sender, address(this), permit.value, permit.deadline, permit.v, permit.r, permit.s) {} catch {}
    }

    function _checkLedgerAmount(uint256 amount) private pure {
        if (amount == 0) revert ZeroAmount();
        if (amount % WEI_PER_LEDGER_UNIT != 0) revert NotWholeLedgerUnits(amount);
    }
}
