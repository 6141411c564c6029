/**
 * One deployment (TH-DPMS's pDSM, paper 002 §3.1) split over OS processes: every process replays the same deployment
 * and acts only for the nodes it hosts ({@link io.rdasuite.hwreal.split.SplitFabric}).
 */
package io.rdasuite.hwreal.split;
