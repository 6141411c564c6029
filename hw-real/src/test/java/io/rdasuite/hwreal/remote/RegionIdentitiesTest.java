package io.rdasuite.hwreal.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a restarted PM server reads back from {@code regions.keys}. */
class RegionIdentitiesTest {
    @Test
    void keptIdentitiesComeBackAndTheLaterOneWins(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("regions.keys");
        RegionIdentities a = new RegionIdentities(f);
        a.record("pdsm-seg-0", new RegionIdentities.Identity(4096, 7));
        a.record("ring", new RegionIdentities.Identity(8192, -3));
        a.record("pdsm-seg-0", new RegionIdentities.Identity(4096, 11)); // renewed at a restart
        RegionIdentities b = new RegionIdentities(f);
        assertThat(b.find("pdsm-seg-0")).isEqualTo(new RegionIdentities.Identity(4096, 11));
        assertThat(b.find("ring")).isEqualTo(new RegionIdentities.Identity(8192, -3));
        assertThat(b.find("never")).isNull();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-------");
    }

    @Test
    void aLineCutByACrashIsIgnoredAndAGarbledOneNamed(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("regions.keys");
        Files.writeString(f, "ring 8192 -3\npdsm-seg-0 40");
        RegionIdentities r = new RegionIdentities(f);
        assertThat(r.find("ring")).isNotNull();
        assertThat(r.find("pdsm-seg-0")).isNull();
        Files.writeString(f, "ring 8192\n");
        assertThatThrownBy(() -> new RegionIdentities(f)).hasMessageContaining("line 1").hasMessageContaining("name base rkey");
    }
}
