/**
 * REMOTELOG (paper 003 §4.1): a log at the responder that a requester appends to with RDMA updates. So
 * far its record format for singleton appends (checksummed, the tail found where the checksum fails).
 */
package io.rdasuite.store.remotelog;
