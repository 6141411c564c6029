/**
 * pDFS (paper 002 §4.2, Fig. 7): a file system over pDSM, LocoFS's metadata split and Octopus's client-active data I/O.
 * Decisions where the paper is silent:
 * <ul>
 *   <li>The <b>directory metadata server</b> is the table of the first mapped segment (pDKVS's index), so the primary of
 *       that segment serves every directory operation, and fails over to its backup like any segment. Entries are keyed
 *       by the parent's guid and the name; a directory's guid never changes.</li>
 *   <li>The <b>file metadata servers</b> are the other segments' tables; an inode is placed by the hash of its parent's
 *       guid and its name, so renaming a directory moves one entry and no inode.</li>
 *   <li><b>Data I/O</b>: a write allocates a new block in the inode's segment, writes it one-sided to every replica,
 *       then updates the inode (which names the block's segment and offset); a read fetches the inode, then READs the
 *       block one-sided.</li>
 *   <li><b>Rename</b> is atomic through a per-client intent entry at the directory server: the intent persists, the new
 *       entry goes in, the old one out, the intent goes. Mounting after a crash ({@code PdfsClient.recover}) finishes
 *       every intent found. rmdir does not check emptiness (the directory server does not know the files).</li>
 *   <li>The <b>client caches directories</b> ({@code DirectoryCache}: path → guid, as LocoFS's clients do), each entry
 *       under a 1 ms lease that starts when its lookup was sent; a path below a cached prefix expires with it. There are
 *       no callbacks (the directory server is a plain table): a directory rename or rmdir returns a lease period after it
 *       changed the directory server, so no other client uses the old entry once it returned. So a stat or read of a file
 *       in a known directory goes to its file metadata server only.</li>
 *   <li>GUIDs and file ids are chosen by the caller (unique per program).</li>
 * </ul>
 * {@link io.rdasuite.store.thdpms.fs.PdfsPlantedBug} makes rename two independent operations, leaves the file data
 * unrooted, or lets a directory rename or rmdir return without waiting out the leases.
 */
package io.rdasuite.store.thdpms.fs;
