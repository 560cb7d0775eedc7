// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ILoopVault} from "./ILoopVault.sol";
import {PermitInput} from "./PermitInput.sol";

/**
 * @title LOOP marketplace (escrow)
 * @notice Sells loops for LOOP on chain.
 * - Purchases: the platform's quote signer signs an EIP-712 {Quote}; the buyer calls {purchase}.
 *   The fee goes to the vault at once; the price is held in escrow for the deployment's dispute
 *   window ({disputeWindow}; 0 pays the seller at once). Within the window an arbiter may
 *   {refund} the buyer; after it anyone may {release} the price to the seller. The
 *   {SETTINGS_ROLE} may change the window ({setDisputeWindow}); a change applies to purchases
 *   made after it (an escrowed order keeps its releaseAt).
 * - Offers: a buyer escrows an amount plus the format fee for a loop and a seller until an
 *   expiry ({openOffer}); the platform's operator settles it on the seller's answer
 *   ({settleOffer}: accepted pays seller and fee, rejected refunds the buyer); after the expiry
 *   the buyer takes it back ({reclaimOffer}).
 * - A seller without a wallet is paid through the vault: where the seller is {vault}, the price (or
 *   the accepted offer's amount) goes into the vault's reserve ({ILoopVault-creditReserve}), which
 *   backs the seller's in-app credit, never into its fees. The vault must grant this contract its
 *   MARKETPLACE_ROLE.
 * @dev Invariant: the contract's token balance equals the prices of escrowed orders plus the
 * amounts and fees of open offers. Every order and offer resolves at most once.
 */
contract LoopMarketplace is AccessControl, Pausable, ReentrancyGuard, EIP712 {
    using SafeERC20 for IERC20;

    /// @notice Role whose EIP-712 signature makes a {Quote} valid.
    bytes32 public constant QUOTE_SIGNER_ROLE = keccak256("QUOTE_SIGNER_ROLE");
    /// @notice Role that refunds escrowed orders within the dispute window.
    bytes32 public constant ARBITER_ROLE = keccak256("ARBITER_ROLE");
    /// @notice Role that settles offers on the seller's answer.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice Role that changes the platform settings kept on chain ({setDisputeWindow}).
    bytes32 public constant SETTINGS_ROLE = keccak256("SETTINGS_ROLE");

    /// @notice EIP-712 type hash of {Quote}.
    bytes32 public constant QUOTE_TYPEHASH =
        keccak256(
            "Quote(address buyer,address seller,bytes32 loopId,uint8 format,uint256 price,uint256 fee,bytes32 orderId,uint256 deadline)"
        );

    /// @notice Format code of MP3 (index 0 of the app's format list).
    uint8 public constant FORMAT_MP3 = 0;
    /// @notice Format code of WAV (index 1 of the app's format list).
    uint8 public constant FORMAT_WAV = 1;
    /// @notice Fee of an MP3 offer, in basis points of the amount (2%).
    uint256 public constant MP3_FEE_BPS = 200;
    /// @notice Fee of a WAV offer, in basis points of the amount (4%).
    uint256 public constant WAV_FEE_BPS = 400;
    /// @notice Basis points in one whole.
    uint256 public constant BPS = 10_000;
    /// @notice Longest dispute window a deployment may have.
    uint64 public constant MAX_DISPUTE_WINDOW = 30 days;
    /// @notice Longest time an offer may stay open.
    uint64 public constant MAX_OFFER_DURATION = 30 days;

    string private constant DOMAIN_NAME = "LoopMarketplace";
    string private constant DOMAIN_VERSION = "1";

    /// @notice Life of an order: escrowed until released or refunded (released at once without a window).
    enum OrderStatus {
        None,
        Escrowed,
        Released,
        Refunded
    }

    /// @notice Life of an offer.
    enum OfferStatus {
        None,
        Open,
        Accepted,
        Rejected,
        Reclaimed
    }

    /**
     * @notice A price quote, signed by the platform (EIP-712, domain "LoopMarketplace" version "1").
     * @param buyer The only account that may use the quote.
     * @param seller Payout address of the seller.
     * @param loopId The app's id of the loop.
     * @param format {FORMAT_MP3} or {FORMAT_WAV}.
     * @param price Paid to the seller, in wei.
     * @param fee Paid to the vault, in wei.
     * @param orderId The app's id of the order; usable once.
     * @param deadline Last second (block timestamp) the quote is valid.
     */
    struct Quote {
        address buyer;
        address seller;
        bytes32 loopId;
        uint8 format;
        uint256 price;
        uint256 fee;
        bytes32 orderId;
        uint256 deadline;
    }

    /// @notice An order (two storage slots).
    struct Order {
        address buyer;
        uint64 releaseAt;
        OrderStatus status;
        address seller;
        uint96 price;
    }

    /// @notice An offer (two storage slots); the escrow is `amount` plus {offerFee}.
    struct Offer {
        address buyer;
        uint96 amount;
        address seller;
        uint64 expiresAt;
        uint8 format;
        OfferStatus status;
    }

    /// @notice The LOOP token.
    IERC20 public immutable token;
    /// @notice The LOOP vault: receives the fees, and the proceeds of sellers without a wallet into its reserve.
    address public immutable vault;
    /// @notice Seconds a purchase made now stays in escrow (0: the seller is paid at once).
    /// @dev Changed by {setDisputeWindow}; an escrowed order keeps the releaseAt it was given.
    uint64 public disputeWindow;

    /// @notice Number of offers opened; offer ids are 1..offerCount.
    uint256 public offerCount;

    mapping(bytes32 orderId => Order) private _orders;
    mapping(uint256 offerId => Offer) private _offers;

    /// @notice `buyer` paid `price` (to the escrow or the seller) plus `fee` (to the vault) for order `orderId`.
    event Purchased(
        bytes32 indexed orderId,
        address indexed buyer,
        address indexed seller,
        bytes32 loopId,
        uint8 format,
        uint256 price,
        uint256 fee,
        uint64 releaseAt
    );
    /// @notice Order `orderId` paid its price `amount` to `seller`.
    event Released(bytes32 indexed orderId, address indexed seller, uint256 amount);
    /// @notice Order `orderId` returned its price `amount` to `buyer`.
    event Refunded(bytes32 indexed orderId, address indexed buyer, uint256 amount);
    /// @notice `buyer` escrowed `amount` plus `fee` for `loopId` by `seller` until `expiresAt`.
    event OfferOpened(
        uint256 indexed offerId,
        address indexed buyer,
        address indexed seller,
        bytes32 loopId,
        uint8 format,
        uint256 amount,
        uint256 fee,
        uint64 expiresAt
    );
    /// @notice The buyer changed offer `offerId` to `amount` plus `fee`, open until `expiresAt`.
    event OfferChanged(uint256 indexed offerId, uint256 amount, uint256 fee, uint64 expiresAt);
    /// @notice Offer `offerId` was accepted (seller paid `amount`, vault `fee`) or rejected (buyer refunded both).
    event OfferSettled(uint256 indexed offerId, address indexed buyer, address indexed seller, bool accepted, uint256 amount, uint256 fee);
    /// @notice `buyer` took back `amount` (offer amount plus fee) of the expired offer `offerId`.
    event OfferReclaimed(uint256 indexed offerId, address indexed buyer, uint256 amount);
    /// @notice The dispute window of purchases made from now on changed from `previousWindow` to `newWindow` seconds.
    event DisputeWindowChanged(uint64 previousWindow, uint64 newWindow);

    /// @dev The zero address was given where an account is required.
    error ZeroAddress();
    /// @dev An amount of zero.
    error ZeroAmount();
    /// @dev The dispute window is longer than {MAX_DISPUTE_WINDOW}.
    error DisputeWindowTooLong(uint64 window);
    /// @dev `caller` is not the `buyer` of the quote or offer.
    error NotBuyer(address caller, address buyer);
    /// @dev The quote's deadline has passed.
    error QuoteExpired(uint256 deadline);
    /// @dev The quote was signed by `signer`, who lacks {QUOTE_SIGNER_ROLE} (or by another domain).
    error InvalidQuoteSigner(address signer);
    /// @dev The order id has been used.
    error OrderAlreadyUsed(bytes32 orderId);
    /// @dev The format code is not {FORMAT_MP3} or {FORMAT_WAV}.
    error InvalidFormat(uint8 format);
    /// @dev The order is not in escrow (unknown, released or refunded).
    error OrderNotEscrowed(bytes32 orderId);
    /// @dev The dispute window of the order runs until `releaseAt`.
    error DisputeWindowOpen(bytes32 orderId, uint64 releaseAt);
    /// @dev The dispute window of the order closed at `releaseAt`.
    error DisputeWindowClosed(bytes32 orderId, uint64 releaseAt);
    /// @dev A buyer cannot make an offer to themselves.
    error SellerIsBuyer();
    /// @dev The expiry is not in the future or further than {MAX_OFFER_DURATION}.
    error InvalidExpiry(uint64 expiresAt);
    /// @dev The offer is not open (unknown or settled).
    error OfferNotOpen(uint256 offerId);
    /// @dev The offer expired at `expiresAt`.
    error OfferExpired(uint256 offerId, uint64 expiresAt);
    /// @dev The offer is open until `expiresAt`.
    error OfferNotExpired(uint256 offerId, uint64 expiresAt);
    /// @dev The offer's amount is `actual`, not the `expected` one: it changed since it was read.
    error OfferAmountChanged(uint256 offerId, uint256 expected, uint256 actual);

    /**
     * @param token_ The LOOP token (ERC-20 with EIP-2612 permit).
     * @param vault_ Receiver of the fees.
     * @param admin Account that receives {DEFAULT_ADMIN_ROLE}: pauses and grants roles.
     * @param disputeWindow_ Seconds a purchase stays in escrow, at most {MAX_DISPUTE_WINDOW}.
     */
    constructor(IERC20 token_, address vault_, address admin, uint64 disputeWindow_) EIP712(DOMAIN_NAME, DOMAIN_VERSION) {
        if (address(token_) == address(0) || vault_ == address(0) || admin == address(0)) revert ZeroAddress();
        if (disputeWindow_ > MAX_DISPUTE_WINDOW) revert DisputeWindowTooLong(disputeWindow_);
        token = token_;
        vault = vault_;
        disputeWindow = disputeWindow_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    // ----------------------------------------------------------------------------- purchases

    /**
     * @notice Buys with a platform quote; the caller must be the quote's buyer and have approved
     * price + fee for this contract.
     * @param quote The quote.
     * @param signature EIP-712 signature of the quote by an account with {QUOTE_SIGNER_ROLE}.
     */
    function purchase(Quote calldata quote, bytes calldata signature) external nonReentrant whenNotPaused {
        _purchase(quote, signature);
    }

    /**
     * @notice {purchase} with an EIP-2612 permit for this contract, in the same transaction.
     * @dev A permit that fails (e.g. already used by a front-runner) is ignored; the transfer then
     * needs the allowance to exist.
     * @param quote The quote.
     * @param signature EIP-712 signature of the quote by an account with {QUOTE_SIGNER_ROLE}.
     * @param permit The buyer's permit for this contract (value at least price + fee).
     */
    function purchaseWithPermit(Quote calldata quote, bytes calldata signature, PermitInput calldata permit) external nonReentrant whenNotPaused {
        _permit(permit);
        _purchase(quote, signature);
    }

    /**
     * @notice Pays an escrowed order's price to its seller once the dispute window is over (into
     * the vault's reserve when the seller is the vault).
     * @dev Anyone may call it.
     * @param orderId The order.
     */
    function release(bytes32 orderId) external nonReentrant whenNotPaused {
        Order storage order = _orders[orderId];
        if (order.status != OrderStatus.Escrowed) revert OrderNotEscrowed(orderId);
        if (block.timestamp < order.releaseAt) revert DisputeWindowOpen(orderId, order.releaseAt);
        order.status = OrderStatus.Released;
        (address seller, uint256 price) = (order.seller, order.price);
        emit Released(orderId, seller, price);
        _paySeller(seller, price);
    }

    /**
     * @notice Returns an escrowed order's price to its buyer, within the dispute window.
     * @dev Only {ARBITER_ROLE}. Works while paused. The fee stays in the vault.
     * @param orderId The order.
     */
    function refund(bytes32 orderId) external nonReentrant onlyRole(ARBITER_ROLE) {
        Order storage order = _orders[orderId];
        if (order.status != OrderStatus.Escrowed) revert OrderNotEscrowed(orderId);
        if (block.timestamp >= order.releaseAt) revert DisputeWindowClosed(orderId, order.releaseAt);
        order.status = OrderStatus.Refunded;
        (address buyer, uint256 price) = (order.buyer, order.price);
        emit Refunded(orderId, buyer, price);
        token.safeTransfer(buyer, price);
    }

    // -------------------------------------------------------------------------------- offers

    /**
     * @notice Opens an offer: escrows `amount` plus the format fee ({offerFee}) from the caller,
     * who must have approved it for this contract.
     * @param loopId The app's id of the loop.
     * @param format {FORMAT_MP3} or {FORMAT_WAV}.
     * @param seller Payout address of the seller.
     * @param amount Offered price, in wei.
     * @param expiresAt When the offer expires (after now, at most {MAX_OFFER_DURATION} ahead).
     * @return offerId The new offer's id.
     */
    function openOffer(
        bytes32 loopId,
        uint8 format,
        address seller,
        uint256 amount,
        uint64 expiresAt
    ) external nonReentrant whenNotPaused returns (uint256 offerId) {
        return _openOffer(loopId, format, seller, amount, expiresAt);
    }

    /**
     * @notice {openOffer} with an EIP-2612 permit for this contract, in the same transaction.
     * @param loopId The app's id of the loop.
     * @param format {FORMAT_MP3} or {FORMAT_WAV}.
     * @param seller Payout address of the seller.
     * @param amount Offered price, in wei.
     * @param expiresAt When the offer expires.
     * @param permit The buyer's permit for this contract (value at least amount + fee).
     * @return offerId The new offer's id.
     */
    function openOfferWithPermit(
        bytes32 loopId,
        uint8 format,
        address seller,
        uint256 amount,
        uint64 expiresAt,
        PermitInput calldata permit
    ) external nonReentrant whenNotPaused returns (uint256 offerId) {
        _permit(permit);
        return _openOffer(loopId, format, seller, amount, expiresAt);
    }

    /**
     * @notice Changes an open offer's amount and expiry (e.g. the buyer accepting a counter-offer):
     * escrows the difference from the buyer, or returns it.
     * @dev Only the offer's buyer, before the expiry. A settlement for the old amount then fails.
     * @param offerId The offer.
     * @param amount New offered price, in wei.
     * @param expiresAt New expiry.
     */
    function changeOffer(uint256 offerId, uint256 amount, uint64 expiresAt) external nonReentrant whenNotPaused {
        Offer storage offer = _offers[offerId];
        if (msg.sender != offer.buyer) revert NotBuyer(msg.sender, offer.buyer);
        _checkOpen(offerId, offer);
        uint96 newAmount = _checkOfferTerms(amount, expiresAt);
        uint256 oldTotal = offer.amount + offerFee(offer.amount, offer.format);
        uint256 fee = offerFee(newAmount, offer.format);
        uint256 newTotal = newAmount + fee;
        offer.amount = newAmount;
        offer.expiresAt = expiresAt;
        emit OfferChanged(offerId, newAmount, fee, expiresAt);
        if (newTotal > oldTotal) {
            token.safeTransferFrom(msg.sender, address(this), newTotal - oldTotal);
        } else if (newTotal < oldTotal) {
            token.safeTransfer(msg.sender, oldTotal - newTotal);
        }
    }

    /**
     * @notice Settles an open offer on the seller's answer: accepted pays the amount to the seller
     * (into the vault's reserve when the seller is the vault) and the fee to the vault's fees;
     * rejected returns both to the buyer.
     * @dev Only {OPERATOR_ROLE}, before the expiry, and only for the amount the seller answered.
     * @param offerId The offer.
     * @param accepted The seller's answer.
     * @param expectedAmount The offer amount the seller answered; reverts if the offer changed.
     */
    function settleOffer(uint256 offerId, bool accepted, uint256 expectedAmount) external nonReentrant onlyRole(OPERATOR_ROLE) whenNotPaused {
        Offer storage offer = _offers[offerId];
        _checkOpen(offerId, offer);
        uint256 amount = offer.amount;
        if (amount != expectedAmount) revert OfferAmountChanged(offerId, expectedAmount, amount);
        uint256 fee = offerFee(amount, offer.format);
        (address buyer, address seller) = (offer.buyer, offer.seller);
        if (accepted) {
            offer.status = OfferStatus.Accepted;
            emit OfferSettled(offerId, buyer, seller, true, amount, fee);
            _paySeller(seller, amount);
            if (fee != 0) token.safeTransfer(vault, fee);
        } else {
            offer.status = OfferStatus.Rejected;
            emit OfferSettled(offerId, buyer, seller, false, amount, fee);
            token.safeTransfer(buyer, amount + fee);
        }
    }

    /**
     * @notice Returns an expired, unsettled offer's escrow (amount plus fee) to its buyer.
     * @dev Only the offer's buyer, from the expiry on. Works while paused.
     * @param offerId The offer.
     */
    function reclaimOffer(uint256 offerId) external nonReentrant {
        Offer storage offer = _offers[offerId];
        if (msg.sender != offer.buyer) revert NotBuyer(msg.sender, offer.buyer);
        if (offer.status != OfferStatus.Open) revert OfferNotOpen(offerId);
        if (block.timestamp < offer.expiresAt) revert OfferNotExpired(offerId, offer.expiresAt);
        offer.status = OfferStatus.Reclaimed;
        uint256 total = offer.amount + offerFee(offer.amount, offer.format);
        emit OfferReclaimed(offerId, msg.sender, total);
        token.safeTransfer(msg.sender, total);
    }

    // --------------------------------------------------------------------------------- admin

    /// @notice Stops purchases, releases, and opening, changing and settling offers. Only {DEFAULT_ADMIN_ROLE}.
    /// @dev Refunds by the arbiter and reclaims of expired offers keep working.
    function pause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _pause();
    }

    /// @notice Resumes everything {pause} stopped. Only {DEFAULT_ADMIN_ROLE}.
    function unpause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _unpause();
    }

    /**
     * @notice Sets the dispute window of purchases made from now on; orders already in escrow
     * keep their releaseAt. Only {SETTINGS_ROLE}. Works while paused.
     * @dev Emits {DisputeWindowChanged} (also when the window is unchanged).
     * @param newWindow Seconds a purchase stays in escrow (0 pays the seller at once), at most {MAX_DISPUTE_WINDOW}.
     */
    function setDisputeWindow(uint64 newWindow) external onlyRole(SETTINGS_ROLE) {
        if (newWindow > MAX_DISPUTE_WINDOW) revert DisputeWindowTooLong(newWindow);
        uint64 previousWindow = disputeWindow;
        disputeWindow = newWindow;
        emit DisputeWindowChanged(previousWindow, newWindow);
    }

    // --------------------------------------------------------------------------------- views

    /**
     * @notice An order.
     * @param orderId The order.
     * @return The order (status None if unknown).
     */
    function getOrder(bytes32 orderId) external view returns (Order memory) {
        return _orders[orderId];
    }

    /**
     * @notice An offer.
     * @param offerId The offer.
     * @return The offer (status None if unknown).
     */
    function getOffer(uint256 offerId) external view returns (Offer memory) {
        return _offers[offerId];
    }

    /**
     * @notice The EIP-712 digest a quote signer signs for `quote`.
     * @param quote The quote.
     * @return The digest (domain: this contract on this chain).
     */
    function quoteDigest(Quote calldata quote) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(QUOTE_TYPEHASH, quote)));
    }

    /**
     * @notice The fee of an offer of `amount` in `format`: {MP3_FEE_BPS} or {WAV_FEE_BPS} of the
     * amount, rounded half up to the wei.
     * @param amount Offered price, in wei.
     * @param format {FORMAT_MP3} or {FORMAT_WAV}.
     * @return The fee, in wei.
     */
    function offerFee(uint256 amount, uint8 format) public pure returns (uint256) {
        uint256 bps = format == FORMAT_WAV ? WAV_FEE_BPS : MP3_FEE_BPS;
        return (amount * bps * 2 + BPS) / (2 * BPS);
    }

    // ------------------------------------------------------------------------------ internal

    function _purchase(Quote calldata quote, bytes calldata signature) private {
        if (msg.sender != quote.buyer) revert NotBuyer(msg.sender, quote.buyer);
        if (block.timestamp > quote.deadline) revert QuoteExpired(quote.deadline);
        Order storage order = _orders[quote.orderId];
        if (order.status != OrderStatus.None) revert OrderAlreadyUsed(quote.orderId);
        address signer = ECDSA.recover(quoteDigest(quote), signature);
        if (!hasRole(QUOTE_SIGNER_ROLE, signer)) revert InvalidQuoteSigner(signer);
        if (quote.seller == address(0)) revert ZeroAddress();
        if (quote.price == 0) revert ZeroAmount();
        _checkFormat(quote.format);

        uint64 window = disputeWindow;
        uint64 releaseAt = uint64(block.timestamp) + window;
        order.buyer = msg.sender;
        order.releaseAt = releaseAt;
        if (window == 0) {
            order.status = OrderStatus.Released;
            emit Purchased(quote.orderId, msg.sender, quote.seller, quote.loopId, quote.format, quote.price, quote.fee, releaseAt);
            emit Released(quote.orderId, quote.seller, quote.price);
            if (quote.seller == vault) {
                token.safeTransferFrom(msg.sender, address(this), quote.price);
                _paySeller(vault, quote.price);
            } else {
                token.safeTransferFrom(msg.sender, quote.seller, quote.price);
            }
        } else {
            order.status = OrderStatus.Escrowed;
            order.seller = quote.seller;
            order.price = SafeCast.toUint96(quote.price);
            emit Purchased(quote.orderId, msg.sender, quote.seller, quote.loopId, quote.format, quote.price, quote.fee, releaseAt);
            token.safeTransferFrom(msg.sender, address(this), quote.price);
        }
        if (quote.fee != 0) token.safeTransferFrom(msg.sender, vault, quote.fee);
    }

    function _openOffer(bytes32 loopId, uint8 format, address seller, uint256 amount, uint64 expiresAt) private returns (uint256 offerId) {
        if (seller == address(0)) revert ZeroAddress();
        if (seller == msg.sender) revert SellerIsBuyer();
        _checkFormat(format);
        uint96 amount96 = _checkOfferTerms(amount, expiresAt);
        uint256 fee = offerFee(amount96, format);
        offerId = ++offerCount;
        _offers[offerId] = Offer({
            buyer: msg.sender,
            amount: amount96,
            seller: seller,
            expiresAt: expiresAt,
            format: format,
            status: OfferStatus.Open
        });
        emit OfferOpened(offerId, msg.sender, seller, loopId, format, amount96, fee, expiresAt);
        token.safeTransferFrom(msg.sender, address(this), amount96 + fee);
    }

    /// @dev Pays `amount` from this contract's balance to `seller`; to the vault's reserve when the seller is the vault.
    function _paySeller(address seller, uint256 amount) private {
        if (seller == vault) {
            token.forceApprove(vault, amount);
            ILoopVault(vault).creditReserve(amount);
        } else {
            token.safeTransfer(seller, amount);
        }
    }

    function _permit(PermitInput calldata permit) private {
        // A front-runner may have used the permit already; the allowance is what counts.
        // solhint-disable-next-line no-empty-blocks
        try IERC20Permit(address(token)).permit(msg.sender, address(this), permit.value, permit.deadline, permit.v, permit.r, permit.s) {} catch {}
    }

    function _checkOpen(uint256 offerId, Offer storage offer) private view {
        if (offer.status != OfferStatus.Open) revert OfferNotOpen(offerId);
        if (block.timestamp >= offer.expiresAt) revert OfferExpired(offerId, offer.expiresAt);
    }

    function _checkOfferTerms(uint256 amount, uint64 expiresAt) private view returns (uint96) {
        if (amount == 0) revert ZeroAmount();
        if (expiresAt <= block.timestamp || expiresAt > block.timestamp + MAX_OFFER_DURATION) revert InvalidExpiry(expiresAt);
        return SafeCast.toUint96(amount);
    }

    function _checkFormat(uint8 format) private pure {
        if (format != FORMAT_MP3 && format != FORMAT_WAV) revert InvalidFormat(format);
    }
}
